/**
 * A `Request` class that resolves a relative URL the way a page does. Node's Request (and so the one
 * a jsdom test sees) has no base URL and throws `Invalid URL` on `new Request('/v1/accounts')`, which
 * app code written for the browser does; installSandbox puts this class in its place while installed.
 * Instances are instances of the original class, so `fetch` and `instanceof` treat them as usual.
 */
export function relativeRequestClass(Original: typeof Request, base: () => string): typeof Request {
  const resolve = (input: RequestInfo | URL): RequestInfo | URL => {
    if (typeof input !== 'string' && !(typeof input === 'object' && input !== null && 'href' in input)) {
      return input;
    }
    try {
      return new URL(String(input), base()).href;
    } catch {
      return input; // Let the original constructor report what is wrong with it.
    }
  };
  const Relative = class Request extends Original {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(resolve(input), init);
    }
  };
  return Relative;
}
