// The parts of the Workers runtime this package uses, typed against the web-standard Request,
// Response and WebSocket of the DOM library the rest of the repo compiles with. The shapes follow
// `@cloudflare/workers-types` (Durable Object state, SQLite storage, hibernatable WebSockets), kept to
// what is called here so a missing method fails to compile rather than at run time.

export type SqlValue = ArrayBuffer | string | number | null;

export interface SqlCursor<T> extends Iterable<T> {
  toArray(): T[];
  one(): T;
  readonly rowsWritten: number;
}

export interface SqlStorage {
  exec<T extends Record<string, SqlValue>>(query: string, ...bindings: SqlValue[]): SqlCursor<T>;
  readonly databaseSize: number;
}

export interface DurableObjectStorage {
  readonly sql: SqlStorage;
  transactionSync<T>(closure: () => T): T;
  deleteAll(): Promise<void>;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTime: number): Promise<void>;
  deleteAlarm(): Promise<void>;
}

export interface DurableObjectState {
  readonly id: { toString(): string; readonly name?: string };
  readonly storage: DurableObjectStorage;
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
  waitUntil(promise: Promise<unknown>): void;
  acceptWebSocket(socket: WebSocket, tags?: string[]): void;
  getWebSockets(tag?: string): WebSocket[];
}

export interface DurableObjectStub {
  fetch(request: Request): Promise<Response>;
}

export interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStub;
}

/** The Worker's bindings (wrangler.toml, the workerd config, or the local runner). */
export interface Env {
  BANKS: DurableObjectNamespace;
  DIRECTORY: DurableObjectNamespace;
  /** Secret: the token `POST/GET /tenants` and `DELETE /tenants/{id}` need. Unset: the directory is closed. */
  SANDBANK_ADMIN_TOKEN?: string;
  /** `on`: anyone may create a bank (rate-limited per client); anything else: admin only. */
  SANDBANK_ANONYMOUS_CREATE?: string;
  /** Banks an anonymous client may create per hour (default 10). */
  SANDBANK_ANONYMOUS_PER_HOUR?: string;
  /** A bank nobody called for this long is deleted with its storage (default 7 days). */
  SANDBANK_IDLE_MINUTES?: string;
  /** Browser origins allowed to call `/tenants` (comma-separated, or `*`); default none. */
  SANDBANK_CORS_ORIGINS?: string;
  /** The origin clients reach the Worker on, when a proxy in front changes it (self-hosting). */
  SANDBANK_PUBLIC_ORIGIN?: string;
}

/** workerd's WebSocketPair: the client end goes back in the 101 response, the server end stays. */
export function webSocketPair(): [WebSocket, WebSocket] {
  const Pair = (globalThis as unknown as { WebSocketPair: new () => Record<0 | 1, WebSocket> }).WebSocketPair;
  const pair = new Pair();
  return [pair[0], pair[1]];
}

/** The 101 answer that hands the client end of a WebSocket back (a Workers extension of ResponseInit). */
export function upgradeResponse(client: WebSocket, headers: HeadersInit = {}): Response {
  return new Response(null, { status: 101, webSocket: client, headers } as ResponseInit);
}
