import { type EngineResponse, html } from '../core/http.js';

/** HTML text escaping for the bank's pages: every value from state or a request goes through it. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f5f7; color: #1b2733; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; padding: 1.5rem 2rem; border-radius: 8px;
    box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  header { font-weight: 700; color: #004b87; letter-spacing: .02em; margin-bottom: 1rem; }
  h1 { font-size: 1.35rem; margin: 0 0 1rem; }
  label { display: block; margin: .4rem 0; }
  input[type=text] { font-size: 1.1rem; padding: .4rem .5rem; width: 100%; box-sizing: border-box; }
  fieldset { border: 1px solid #c9d2db; border-radius: 6px; margin: 1rem 0; }
  .notice { background: #fff4d6; border-left: 4px solid #e0a100; padding: .5rem .75rem; }
  .error { background: #fde7e7; border-left: 4px solid #c62828; padding: .5rem .75rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { font-size: 1rem; padding: .5rem 1.25rem; border-radius: 4px; border: 1px solid #004b87; cursor: pointer; }
  button[value=approve] { background: #004b87; color: #fff; }
  button[value=cancel] { background: #fff; color: #004b87; }
  small { color: #5a6b7b; }
`;

/** A complete page: works without JavaScript, one form posting back to the same address. */
export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Sandbank</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>Sandbank <small>sandbox authorisation</small></header>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

export function actions(approveLabel: string): string {
  return `<div class="actions">
<button type="submit" name="action" value="approve">${escapeHtml(approveLabel)}</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</div>`;
}

export function notice(text: string | null, kind: 'notice' | 'error' = 'error'): string {
  return text === null
    ? ''
    : `<p class="${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>`;
}

/** A bank page as a response; never cached, since each shows one step of one authorisation. */
export function htmlPage(status: number, body: string): EngineResponse {
  return html(status, body, { 'cache-control': 'no-store' });
}
