import { errorResponse, json } from './errors.js';
import type { DurableObjectState, SqlStorage } from './runtime.js';

// The directory of banks: one Durable Object for the whole Worker (idFromName('directory')). It lists
// the banks for the admin and counts anonymous creations per client in a window of an hour that
// starts at the client's first creation. Requests reach it from this Worker only (/__internal/…).

const TABLES = [
  `CREATE TABLE IF NOT EXISTS tenant (
     id TEXT PRIMARY KEY, created_at INTEGER NOT NULL, anonymous INTEGER NOT NULL,
     client TEXT NOT NULL, profile TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS quota (
     client TEXT PRIMARY KEY, window_start INTEGER NOT NULL, created INTEGER NOT NULL)`,
];

const WINDOW_MS = 60 * 60 * 1000;

export interface Admission {
  id: string;
  anonymous: boolean;
  client: string;
  profile: string;
  /** Anonymous creations a client may make per window. */
  perHour: number;
  now: number;
}

export interface TenantRow {
  id: string;
  createdAt: number;
  anonymous: boolean;
  profile: string;
}

export class SandbankDirectory {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState) {
    this.sql = ctx.storage.sql;
    for (const statement of TABLES) this.sql.exec(statement);
  }

  async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/__internal/admit') return this.admit((await request.json()) as Admission);
    if (pathname === '/__internal/forget') {
      const { id } = (await request.json()) as { id: string };
      const removed = this.sql.exec('DELETE FROM tenant WHERE id = ?', id).rowsWritten;
      return json(200, { removed: removed > 0 });
    }
    if (pathname === '/__internal/list') return json(200, { tenants: this.list() });
    return errorResponse('NOT_FOUND', `no internal operation at ${pathname}`);
  }

  /** Records a new bank, unless an anonymous client has used up its creations for the hour. */
  private admit(admission: Admission): Response {
    if (admission.anonymous) {
      const row = this.sql
        .exec<{ window_start: number; created: number }>(
          'SELECT window_start, created FROM quota WHERE client = ?',
          admission.client,
        )
        .toArray()[0];
      const fresh = row === undefined || admission.now - row.window_start >= WINDOW_MS;
      const start = fresh ? admission.now : row.window_start;
      const created = fresh ? 0 : row.created;
      if (created >= admission.perHour) {
        const retryAfter = Math.max(1, Math.ceil((start + WINDOW_MS - admission.now) / 1000));
        return errorResponse(
          'ACCESS_EXCEEDED',
          `this client created ${created} banks in the last hour, the most allowed without the admin token; try again in ${retryAfter} s`,
          { headers: { 'retry-after': String(retryAfter) } },
        );
      }
      this.sql.exec(
        'INSERT OR REPLACE INTO quota (client, window_start, created) VALUES (?, ?, ?)',
        admission.client,
        start,
        created + 1,
      );
    }
    this.sql.exec(
      'INSERT INTO tenant (id, created_at, anonymous, client, profile) VALUES (?, ?, ?, ?, ?)',
      admission.id,
      admission.now,
      admission.anonymous ? 1 : 0,
      admission.client,
      admission.profile,
    );
    return json(201, { id: admission.id });
  }

  private list(): TenantRow[] {
    return this.sql
      .exec<{ id: string; created_at: number; anonymous: number; profile: string }>(
        'SELECT id, created_at, anonymous, profile FROM tenant ORDER BY created_at, id',
      )
      .toArray()
      .map((row) => ({
        id: row.id,
        createdAt: row.created_at,
        anonymous: row.anonymous === 1,
        profile: row.profile,
      }));
  }
}
