/**
 * The few service-worker types the worker uses. The project compiles against the DOM library, whose
 * globals conflict with the WebWorker library's, so these are declared here.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}

export interface ServiceWorkerScope {
  readonly location: Location;
  /** This worker, in browsers that have it (Chromium 120, Firefox 130, Safari 18.2). */
  readonly serviceWorker?: { readonly state: string };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
