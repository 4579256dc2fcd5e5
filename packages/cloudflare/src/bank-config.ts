import * as z from 'zod';
import { parseOrigins } from './cors.js';

// What a bank is created with (POST /tenants), checked at the boundary; and what the bank's object
// keeps of it. Anonymous creators (the docs-site case) get the defaults for the admin-only fields.

const basePath = z
  .string()
  .regex(/^\/[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/, 'a path such as /v1 (letters, digits, . _ ~ -)')
  .refine((path) => !path.startsWith('/_sandbank'), 'the control plane lives at /_sandbank')
  // A request's dot segments are removed from its URL before the bank sees it: a base path with one
  // could never be reached.
  .refine(
    (path) => path.split('/').every((segment) => segment !== '.' && segment !== '..'),
    'a path without . or .. segments (a URL never reaches them)',
  );

export const CreateBank = z
  .object({
    seed: z.string().min(1).max(100).optional(),
    profile: z.enum(['sandbox', 'production']).optional(),
    signatures: z.enum(['required', 'off']).optional(),
    basePath: basePath.optional(),
    /** Browser origins allowed to call the bank (CORS); default: the creating request's Origin, if any. */
    origins: z.array(z.string()).max(50).optional(),
    /** Admin only: the bank clock's source stands at this time (it moves only through /_sandbank/clock). */
    fixedTime: z.iso.datetime({ offset: true }).optional(),
    /** Admin only: delete the bank after this many minutes without a request (default: the Worker's). */
    idleMinutes: z
      .number()
      .positive()
      .max(366 * 24 * 60)
      .optional(),
  })
  .strict();
export type CreateBank = z.infer<typeof CreateBank>;

export interface BankConfig {
  id: string;
  /** SHA-256 of the control token, hex. */
  tokenHash: string;
  profile: 'sandbox' | 'production';
  signatures: 'required' | 'off';
  seed: string;
  basePath: string;
  origins: string[];
  /** Epoch ms the clock source stands at, or null for the real time. */
  fixedTime: number | null;
  idleMs: number;
  createdAt: number;
  anonymous: boolean;
}

export const ADMIN_ONLY = ['fixedTime', 'idleMinutes'] as const;

/**
 * The origins a bank allows by default: the creating page's, when the request's Origin is one. An
 * opaque origin (`null`: a sandboxed iframe, a file:// page, which any such document shares), a `*`
 * or anything that is not an origin allows none; `origins` or `PUT /_sandbank/cors` can still.
 */
function creatingOrigin(origin: string | null): string[] {
  if (origin === null || origin === '*') return [];
  const parsed = parseOrigins([origin]);
  return typeof parsed === 'string' ? [] : parsed;
}

/** The config of a new bank from a checked creation body; a string says what is wrong. */
export function bankConfig(
  body: CreateBank,
  context: {
    id: string;
    tokenHash: string;
    origin: string | null;
    idleMs: number;
    now: number;
    anonymous: boolean;
  },
): BankConfig | string {
  const origins = body.origins === undefined ? creatingOrigin(context.origin) : parseOrigins(body.origins);
  if (typeof origins === 'string') return origins;
  return {
    id: context.id,
    tokenHash: context.tokenHash,
    profile: body.profile ?? 'sandbox',
    signatures: body.signatures ?? 'required',
    // Each bank its own seed by default, so no two banks hand out the same resource ids.
    seed: body.seed ?? context.id,
    basePath: body.basePath ?? '/v1',
    origins,
    fixedTime: body.fixedTime === undefined ? null : Date.parse(body.fixedTime),
    idleMs: body.idleMinutes === undefined ? context.idleMs : Math.round(body.idleMinutes * 60_000),
    createdAt: context.now,
    anonymous: context.anonymous,
  };
}
