/** How the bench makes each contender's requests: copies of a template, with the contender's own `Request`. */

/**
 * Node's own `Request` and `Response`, as they were when the bench loaded. While MSW's `setupServer`
 * listens it replaces both globals with Proxies whose construct traps record every header's raw
 * spelling (and patches `Headers.prototype`); MSW's contender makes its request through them, as an
 * MSW user's code does, and every other contender with Node's own, as code in a process without MSW
 * does (docs/benchmarks.md, "Session 29").
 */
export const NodeRequest = globalThis.Request;
export const NodeResponse = globalThis.Response;

/** How a contender makes its `Request`: Node's own class unless it is MSW's. */
export type MakeRequest = (url: string, init: RequestInit) => Request;
const nodeRequest: MakeRequest = (url, init) => new NodeRequest(url, init);
/** The global `Request` at the moment of the call: MSW's Proxy while it listens. */
export const globalRequest: MakeRequest = (url, init) => new Request(url, init);

/**
 * Copies of a body-less request, made alike for every contender inside its timing. Not `clone()`:
 * undici leaves a listener on the original's abort signal for every clone, so a template cloned
 * thousands of times grows the heap through the run and lengthens every collection.
 */
export function copies(template: Request, make: MakeRequest = nodeRequest): () => Request {
  const headers = [...template.headers];
  return () => make(template.url, { method: template.method, headers });
}
