import {
  bearerRefusal,
  bearerToken,
  type Route,
  routes,
  type Sandbox,
  type SandboxEvent,
  toErrorWebResponse,
} from '@sandbank/engine';
import { createRestoredSandbox } from '@sandbank/engine/internal';
import type { BankConfig } from './bank-config.js';
import { isPreflight, parseOrigins, preflight, withCors } from './cors.js';
import { errorResponse, json, readJson } from './errors.js';
import { encodeEvent } from './events.js';
import type { DurableObjectState, Env, SqlStorage } from './runtime.js';
import { upgradeResponse, webSocketPair } from './runtime.js';
import { openSqlStore, type SqlStore } from './sql-store.js';
import { tokenMatches } from './tokens.js';

// One bank per Durable Object. The object restores its bank from SQLite before it takes any request
// (blockConcurrencyWhile), answers `/t/{id}/…` with the engine mounted there (publicUrl), commits
// every change before the answer leaves (the engine awaits `persist`; the object's output gate holds
// the answer until SQLite has the write), pushes the changes and the request log to WebSockets that
// may hibernate, and deletes itself when nobody called it for its idle time (an alarm).

/** A hosted bank imports exported states this large at most (a DO has 128 MB of memory). */
const MAX_CONTROL_BODY_BYTES = 64 * 1024 * 1024;

const META_TABLE = 'CREATE TABLE IF NOT EXISTS bank_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)';

/** The paths of the bank's HTML pages: open to the PSU's browser, unlike the control plane. */
const PAGE_PATTERNS = routes
  .filter((route: Route) => route.service === 'page')
  .map((route) => `/_sandbank${route.path}`.split('/'));

function isPage(path: string): boolean {
  const segments = path.split('/');
  return PAGE_PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => part.startsWith(':') || part === segments[i]),
  );
}

function readMeta(sql: SqlStorage, key: string): string | null {
  const rows = sql.exec<{ value: string }>('SELECT value FROM bank_meta WHERE key = ?', key).toArray();
  return rows[0]?.value ?? null;
}

function writeMeta(sql: SqlStorage, key: string, value: string): void {
  sql.exec('INSERT OR REPLACE INTO bank_meta (key, value) VALUES (?, ?)', key, value);
}

interface Running {
  sandbox: Sandbox;
  store: SqlStore;
}

/**
 * An injected network failure (`Response.error()`, docs/faults.md). workerd refuses to answer with an
 * error response and sends a broken-off body whole, so a hosted bank cannot drop the connection: it
 * answers 503 SYSTEM_ERROR, marked as the fault, which a TPP app's retry path handles alike.
 */
function cutOff(response: Response): Response {
  if (response.type !== 'error') return response;
  return errorResponse(
    'SYSTEM_ERROR',
    'a network failure injected by a fault rule: a hosted bank cannot drop the connection, so it answers 503',
    { status: 503, headers: { 'x-sandbank-fault': 'network error', 'retry-after': '1' } },
  );
}

export class SandbankBank {
  private config: BankConfig | null = null;
  private running: Running | null = null;
  private opening: Promise<Running> | null = null;
  /** The last request's time as stored (coarsely: see touch). */
  private activeStored = 0;
  private alarmAt: number | null = null;
  /** The log number of the last change: it keeps rising across restarts of the object. */
  private logSeq = 0;

  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: Env,
  ) {
    void ctx.blockConcurrencyWhile(() => this.start());
  }

  private get sql(): SqlStorage {
    return this.ctx.storage.sql;
  }

  private async start(): Promise<void> {
    // An object for an id no bank has (a guessed URL) writes nothing: no table, no row.
    const exists = this.sql
      .exec<{ n: number }>(
        "SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'bank_meta'",
      )
      .one().n;
    if (exists === 0) return;
    const stored = readMeta(this.sql, 'config');
    if (stored === null) return;
    this.config = JSON.parse(stored) as BankConfig;
    this.activeStored = Number(readMeta(this.sql, 'active') ?? this.config.createdAt);
    this.alarmAt = await this.ctx.storage.getAlarm();
    this.running = await this.open(this.config);
  }

  /**
   * The running bank, made on its first request: creating a bank stores its config only, so a
   * creation does not wait for the seeded state (it is made from the seed, the same every time).
   */
  private opened(config: BankConfig): Promise<Running> {
    if (this.running !== null) return Promise.resolve(this.running);
    this.opening ??= this.open(config).then(
      (running) => {
        this.running = running;
        this.opening = null;
        return running;
      },
      (error: unknown) => {
        this.opening = null;
        throw error;
      },
    );
    return this.opening;
  }

  private async open(config: BankConfig): Promise<Running> {
    const store = await openSqlStore(this.ctx.storage);
    this.logSeq = store.lastSeq;
    const fixed = config.fixedTime;
    // Its stored state was checked as the store read it back (ledgers when first read).
    const sandbox = createRestoredSandbox({
      profile: config.profile,
      signatures: config.signatures,
      seed: config.seed,
      basePath: config.basePath,
      publicUrl: `/t/${config.id}`,
      // The seed is the bank's public id by default: the SCA pages' cookie and CSRF tokens must not
      // be computable from it. Tokens already handed out live in the state, so a new secret per start is fine.
      secret: crypto.randomUUID(),
      now: fixed === null ? () => Date.now() : () => fixed,
      maxControlBodyBytes: MAX_CONTROL_BODY_BYTES,
      ...(store.restored === null ? {} : { initialState: store.restored }),
      // A bank that has not changed is not stored (sql-store's first state): it is made again from its
      // seed as it was made at creation.
      seedTime: config.fixedTime ?? config.createdAt,
      // Commit numbers (restore targets) go on from the stored log across evictions.
      firstSeq: store.lastSeq,
      persist: async (commit) => {
        this.logSeq = await store.append(commit.patches, commit.state);
      },
    });
    if (store.restored === null) await store.begin(sandbox.getState());
    sandbox.subscribe((event) => this.broadcast(event, store));
    return { sandbox, store };
  }

  /** Every open events socket gets the change or the log entry (none open: nothing is encoded). */
  private broadcast(event: SandboxEvent, store: SqlStore): void {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) return;
    const message = encodeEvent(event, this.logSeq, store.report);
    for (const socket of sockets) {
      try {
        socket.send(message);
      } catch {
        // A socket closing as this is sent: it gets no more events.
      }
    }
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith('/__internal/')) return this.internal(request, url.pathname);
    const { config } = this;
    if (config === null) {
      return errorResponse(
        'RESOURCE_UNKNOWN',
        'there is no bank with this id (deleted, idle too long, or never created)',
      );
    }
    await this.touch(config);
    if (isPreflight(request)) return preflight(request, config.origins);
    const running = await this.opened(config);
    const below = url.pathname.slice(`/t/${config.id}`.length) || '/';
    return withCors(await this.answer(request, url, below, config, running), request, config.origins);
  }

  private async answer(
    request: Request,
    url: URL,
    below: string,
    config: BankConfig,
    running: Running,
  ): Promise<Response> {
    if (!below.startsWith('/_sandbank/') || isPage(below))
      return cutOff(await running.sandbox.fetch(request));
    // The control plane is this bank's owner's: Bearer <controlToken>; the events socket may carry
    // it as ?token= (a browser cannot set headers on a WebSocket).
    const token =
      bearerToken(request.headers.get('authorization')) ??
      (below === '/_sandbank/events' ? url.searchParams.get('token') || null : null);
    // The same answers as sandbank serve's control plane: none 401, a wrong one 403 (the engine's rule).
    const refusal = bearerRefusal(token, token !== null && (await tokenMatches(token, config.tokenHash)), {
      missing:
        "this bank's control plane needs Authorization: Bearer <controlToken> (the token POST /tenants answered)",
      wrong: 'the control token is not this bank’s',
    });
    if (refusal !== null) return toErrorWebResponse(refusal);
    if (below === '/_sandbank/events') return this.events(request);
    if (below === '/_sandbank/cors') return this.cors(request, config);
    if (below === '/_sandbank/storage' && request.method === 'GET') {
      return json(200, { ...running.store.report, logSeq: this.logSeq });
    }
    if (below === '/_sandbank/storage/quarantine') {
      if (request.method === 'GET') return json(200, { quarantined: await running.store.quarantined() });
      if (request.method === 'DELETE') {
        await running.store.clearQuarantine();
        return new Response(null, { status: 204 });
      }
    }
    return running.sandbox.fetch(request);
  }

  /** `GET /_sandbank/events`: a WebSocket the object accepts for hibernation. */
  private events(request: Request): Response {
    // A WebSocket opens with GET only (RFC 6455 section 4.1); workerd fails an upgrade of another
    // method with an internal error and a bare 500, so it is refused here first.
    if (request.method !== 'GET') {
      return errorResponse(
        'BAD_REQUEST',
        `${request.method} is not allowed on /_sandbank/events; allowed: GET (a WebSocket)`,
        { status: 405, headers: { allow: 'GET' } },
      );
    }
    // Version 13 is the one spoken (section 4.4): another is refused naming it, in the bank's error
    // shape rather than workerd's plain text.
    const version = request.headers.get('sec-websocket-version');
    if (version !== null && version.trim() !== '13') {
      return errorResponse(
        'BAD_REQUEST',
        `/_sandbank/events speaks WebSocket version 13, not ${version.slice(0, 20)}`,
        { status: 400, headers: { 'sec-websocket-version': '13' } },
      );
    }
    if ((request.headers.get('upgrade') ?? '').toLowerCase() !== 'websocket') {
      return errorResponse(
        'BAD_REQUEST',
        '/_sandbank/events is a WebSocket: connect with Upgrade: websocket',
        {
          status: 400,
        },
      );
    }
    const [client, server] = webSocketPair();
    this.ctx.acceptWebSocket(server);
    return upgradeResponse(client);
  }

  /** `GET/PUT /_sandbank/cors`: the origins allowed to call this bank from a browser. */
  private async cors(request: Request, config: BankConfig): Promise<Response> {
    if (request.method === 'GET') return json(200, { origins: config.origins });
    if (request.method !== 'PUT') {
      return errorResponse(
        'BAD_REQUEST',
        `${request.method} is not allowed on /_sandbank/cors; allowed: GET, PUT`,
        { status: 405, headers: { allow: 'GET, PUT' } },
      );
    }
    const read = await readJson(request);
    if ('error' in read) return read.error;
    const origins = parseOrigins((read.body as { origins?: unknown } | undefined)?.origins);
    if (typeof origins === 'string') return errorResponse('FORMAT_ERROR', origins, { path: 'origins' });
    config.origins = origins;
    writeMeta(this.sql, 'config', JSON.stringify(config));
    return json(200, { origins });
  }

  /**
   * Notes the request for the idle deletion. The time is stored when it has moved by a twentieth of
   * the idle time, so a busy bank does not write on every request; the alarm allows for that.
   */
  private async touch(config: BankConfig): Promise<void> {
    const now = Date.now();
    if (now - this.activeStored >= config.idleMs / 20) {
      this.activeStored = now;
      writeMeta(this.sql, 'active', String(now));
    }
    if (this.alarmAt === null) {
      this.alarmAt = now + config.idleMs + config.idleMs / 20;
      await this.ctx.storage.setAlarm(this.alarmAt);
    }
  }

  async alarm(): Promise<void> {
    this.alarmAt = null;
    const config = this.config;
    if (config === null) return;
    const due = this.activeStored + config.idleMs + config.idleMs / 20;
    if (Date.now() < due) {
      this.alarmAt = due;
      await this.ctx.storage.setAlarm(due);
      return;
    }
    await this.destroy('the bank was idle for its idle time and was deleted');
    const directory = this.env.DIRECTORY.get(this.env.DIRECTORY.idFromName('directory'));
    await directory.fetch(
      new Request('https://directory.internal/__internal/forget', {
        method: 'POST',
        body: JSON.stringify({ id: config.id }),
      }),
    );
  }

  /** Everything of this bank goes: its sockets, its storage, its alarm. */
  private async destroy(reason: string): Promise<void> {
    this.running?.store.close();
    for (const socket of this.ctx.getWebSockets()) {
      try {
        socket.close(1001, reason.slice(0, 120));
      } catch {
        // Already closing.
      }
    }
    this.running = null;
    this.opening = null;
    this.config = null;
    this.alarmAt = null;
    await this.ctx.storage.deleteAll();
  }

  /** Calls from this Worker only: the Worker never forwards a path outside /t/{id}. */
  private async internal(request: Request, path: string): Promise<Response> {
    if (path === '/__internal/init' && request.method === 'POST') {
      if (this.config !== null) return errorResponse('CONFLICT', 'this bank exists already');
      const config = (await request.json()) as BankConfig;
      this.sql.exec(META_TABLE);
      writeMeta(this.sql, 'config', JSON.stringify(config));
      writeMeta(this.sql, 'active', String(config.createdAt));
      this.config = config;
      this.activeStored = config.createdAt;
      await this.touch(config);
      return json(201, { id: config.id });
    }
    if (path === '/__internal/delete' && request.method === 'POST') {
      if (this.config === null) return errorResponse('RESOURCE_UNKNOWN', 'there is no bank with this id');
      await this.destroy('the bank was deleted');
      return new Response(null, { status: 204 });
    }
    return errorResponse('NOT_FOUND', `no internal operation at ${path}`);
  }

  webSocketMessage(socket: WebSocket, message: string | ArrayBuffer): void {
    // The socket carries events one way; a ping is answered so clients can check it is alive.
    if (message === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
  }

  webSocketClose(socket: WebSocket, code: number, reason: string): void {
    try {
      socket.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // Already closed.
    }
  }
}
