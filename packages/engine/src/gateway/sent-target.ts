// part 5.1: `(request-target)` is the path and query as the client sent them. A web Request holds a
// URL parsed by WHATWG rules, which re-encodes some characters (a `'` in the query becomes `%27`,
// `"`, `<` and `>` likewise), so a transport that reads the request line itself (the Node adapter)
// hands the gateway the target it received, beside the Request. Transports that receive a Request
// already parsed (sandbox.fetch, the service worker, hosted banks) hand nothing: their target is the
// URL's path and query.

const sentTargets = new WeakMap<Request, string>();

/**
 * Records the path and query `request` was sent with, exactly as received (mount prefix included).
 * The caller made `request`'s URL from that same target, so both name one resource.
 */
export function keepSentTarget(request: Request, target: string): Request {
  sentTargets.set(request, target);
  return request;
}

/** The path and query as sent: what the transport recorded, else the parsed URL's. */
export function sentTarget(request: Request, url: URL): string {
  return sentTargets.get(request) ?? `${url.pathname}${url.search}`;
}
