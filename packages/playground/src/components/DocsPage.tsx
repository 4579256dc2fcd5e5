import { lazy, Suspense } from 'react';

// Its own chunk, loaded when the tab opens: the renderer is large, the playground's first load is not.
const DocsReference = lazy(() => import('./DocsReference.js'));

/** The API reference, rendered from the worker's OpenAPI document, with a Try it that reaches the bank. */
export function DocsPage({ transport }: { transport?: 'service-worker' | 'in-page' | 'hosted' | undefined }) {
  if (transport !== undefined && transport !== 'service-worker') {
    return (
      <p role="note">
        The API reference’s Try it needs the service worker, which signs its requests
        (docs/interactive-docs.md); this page runs{' '}
        {transport === 'hosted' ? 'against a hosted bank' : 'an in-page bank'}.
      </p>
    );
  }
  return (
    <Suspense fallback={<p className="muted">Loading the API reference…</p>}>
      <DocsReference />
    </Suspense>
  );
}
