/** A tiny HTML form reader for the SCA pages: enough to act like a browser without JavaScript. */
export interface FormControl {
  tag: 'input' | 'button';
  name: string;
  type: string;
  value: string;
  checked: boolean;
  disabled: boolean;
}

export interface ParsedForm {
  method: string;
  action: string;
  controls: FormControl[];
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g)) {
    const name = (m[1] ?? '').toLowerCase();
    out[name] = decodeEntities(m[2] ?? '');
  }
  return out;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** Every form of the page, in document order. */
export function parseForms(html: string): ParsedForm[] {
  const forms: ParsedForm[] = [];
  for (const form of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(form[1] ?? '');
    const controls: FormControl[] = [];
    for (const m of (form[2] ?? '').matchAll(/<(input|button)\b([^>]*)>/gi)) {
      const a = attributes(m[2] ?? '');
      if (a.name === undefined) continue;
      const tag = (m[1] ?? '').toLowerCase() as 'input' | 'button';
      controls.push({
        tag,
        name: a.name,
        type: (a.type ?? (tag === 'button' ? 'submit' : 'text')).toLowerCase(),
        value: a.value ?? (tag === 'input' && (a.type === 'checkbox' || a.type === 'radio') ? 'on' : ''),
        checked: 'checked' in a,
        disabled: 'disabled' in a,
      });
    }
    forms.push({ method: (attrs.method ?? 'get').toLowerCase(), action: attrs.action ?? '', controls });
  }
  return forms;
}

/** The page's first form. */
export function parseForm(html: string): ParsedForm | null {
  return parseForms(html)[0] ?? null;
}

/** The names of the fields a page asks for (submit buttons excluded). */
export function fieldNames(form: ParsedForm): string[] {
  return [...new Set(form.controls.filter((c) => c.type !== 'submit').map((c) => c.name))];
}

/**
 * What a browser would submit: hidden and text fields, checked boxes and radios (as pre-set unless
 * `overrides` says otherwise), and the pressed button.
 */
export function formBody(
  form: ParsedForm,
  overrides: Record<string, string | string[]>,
  action: 'approve' | 'cancel',
): URLSearchParams {
  const body = new URLSearchParams();
  const overridden = new Set(Object.keys(overrides));
  for (const c of form.controls) {
    if (c.disabled || overridden.has(c.name) || c.type === 'submit') continue;
    if ((c.type === 'checkbox' || c.type === 'radio') && !c.checked) continue;
    body.append(c.name, c.value);
  }
  for (const [name, value] of Object.entries(overrides)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  body.append('action', action);
  return body;
}
