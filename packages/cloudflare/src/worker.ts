import { bearerRefusal, bearerToken, toErrorWebResponse } from '@sandbank/engine';
import { ADMIN_ONLY, bankConfig, CreateBank } from './bank-config.js';
import { isAllowed, isPreflight, parseOrigins, preflight, withCors } from './cors.js';
import { errorResponse, json, readJson } from './errors.js';
import type { DurableObjectStub, Env } from './runtime.js';
import { BANK_ID, newBankId, newToken, tokenHash, tokenMatches } from './tokens.js';

export { SandbankBank } from './bank.js';
export { SandbankDirectory } from './directory.js';

// The Worker: the bank directory (/tenants) and the way in to each bank (/t/{bankId}/…), which goes
// to that bank's own Durable Object unchanged. Nothing else is served.

const DEFAULT_IDLE_MINUTES = 7 * 24 * 60;
const DEFAULT_ANONYMOUS_PER_HOUR = 10;

function directory(env: Env): DurableObjectStub {
  return env.DIRECTORY.get(env.DIRECTORY.idFromName('directory'));
}

function bank(env: Env, id: string): DurableObjectStub {
  return env.BANKS.get(env.BANKS.idFromName(id));
}

function internal(path: string, body?: unknown): Request {
  return new Request(`https://sandbank.internal${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

function positiveNumber(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && Number.isFinite(number) && number > 0 ? number : fallback;
}

/** The origins allowed to call /tenants from a browser (SANDBANK_CORS_ORIGINS). */
function directoryOrigins(env: Env): string[] {
  const listed = (env.SANDBANK_CORS_ORIGINS ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const origins = parseOrigins(listed);
  return typeof origins === 'string' ? [] : origins;
}

/** Who the caller is, for the anonymous rate limit: the address Cloudflare's edge saw. */
function clientOf(request: Request): string {
  return request.headers.get('cf-connecting-ip') ?? 'unknown';
}

type Caller = { kind: 'admin' } | { kind: 'anonymous' } | { kind: 'refused'; response: Response };

async function callerOf(request: Request, env: Env, mayBeAnonymous: boolean): Promise<Caller> {
  const token = bearerToken(request.headers.get('authorization'));
  const admin = env.SANDBANK_ADMIN_TOKEN;
  if (admin === undefined || admin === '') {
    if (mayBeAnonymous && env.SANDBANK_ANONYMOUS_CREATE === 'on' && token === null)
      return { kind: 'anonymous' };
    // No token opens a closed directory: 403, not a challenge.
    return {
      kind: 'refused',
      response: errorResponse(
        'FORBIDDEN',
        'the directory is closed: set the Worker secret SANDBANK_ADMIN_TOKEN',
      ),
    };
  }
  if (mayBeAnonymous && env.SANDBANK_ANONYMOUS_CREATE === 'on' && token === null)
    return { kind: 'anonymous' };
  // The same answers as sandbank serve's control plane: no token 401, a wrong one 403 (the engine's rule).
  const refusal = bearerRefusal(
    token,
    token !== null && (await tokenMatches(token, await tokenHash(admin))),
    {
      missing:
        'the directory needs Authorization: Bearer <admin token> (the Worker secret SANDBANK_ADMIN_TOKEN)',
      wrong: 'the admin token is not this directory’s',
    },
  );
  return refusal === null ? { kind: 'admin' } : { kind: 'refused', response: toErrorWebResponse(refusal) };
}

/** POST /tenants: a new bank, its control token shown this once. */
async function createBank(request: Request, env: Env, origin: string): Promise<Response> {
  const caller = await callerOf(request, env, true);
  if (caller.kind === 'refused') return caller.response;
  const read = await readJson(request);
  if ('error' in read) return read.error;
  // An empty body means the defaults; JSON null is a value that is not an object, refused as [] is.
  const parsed = CreateBank.safeParse(read.body === undefined ? {} : read.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = ['body', ...(issue?.path ?? []).map(String)].join('.');
    const keys = issue?.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
    return errorResponse('FORMAT_ERROR', `${path}: ${issue?.message ?? 'invalid'}${keys}`, { path });
  }
  const body = parsed.data;
  if (caller.kind === 'anonymous') {
    const used = ADMIN_ONLY.find((key) => body[key] !== undefined);
    if (used !== undefined) {
      return errorResponse('FORBIDDEN', `${used} needs the admin token`, { path: `body.${used}` });
    }
  }
  const id = newBankId();
  const controlToken = newToken();
  const now = Date.now();
  const config = bankConfig(body, {
    id,
    tokenHash: await tokenHash(controlToken),
    origin: request.headers.get('origin'),
    idleMs: positiveNumber(env.SANDBANK_IDLE_MINUTES, DEFAULT_IDLE_MINUTES) * 60_000,
    now,
    anonymous: caller.kind === 'anonymous',
  });
  if (typeof config === 'string') return errorResponse('FORMAT_ERROR', config, { path: 'body.origins' });
  const admit = () =>
    directory(env).fetch(
      internal('/__internal/admit', {
        id,
        anonymous: caller.kind === 'anonymous',
        client: clientOf(request),
        profile: config.profile,
        perHour: positiveNumber(env.SANDBANK_ANONYMOUS_PER_HOUR, DEFAULT_ANONYMOUS_PER_HOUR),
        now,
      }),
    );
  const init = () => bank(env, id).fetch(internal('/__internal/init', config));
  // An anonymous creation is admitted (rate-limited) before any bank exists; the admin's are not
  // limited, so the directory entry and the bank are made at once.
  let admitted: Response;
  let started: Response | null = null;
  if (caller.kind === 'anonymous') admitted = await admit();
  else [admitted, started] = await Promise.all([admit(), init()]);
  if (admitted.status !== 201) {
    if (started?.status === 201) await bank(env, id).fetch(internal('/__internal/delete', {}));
    return admitted;
  }
  started ??= await init();
  if (started.status !== 201) {
    await directory(env).fetch(internal('/__internal/forget', { id }));
    return errorResponse('SYSTEM_ERROR', 'the bank could not be started; nothing was kept');
  }
  return json(201, { id, baseUrl: `${origin}/t/${id}`, controlToken }, { location: `/t/${id}` });
}

/** GET /tenants (admin): every bank with its base URL. */
async function listBanks(request: Request, env: Env, origin: string): Promise<Response> {
  const caller = await callerOf(request, env, false);
  if (caller.kind === 'refused') return caller.response;
  const listed = (await (await directory(env).fetch(internal('/__internal/list'))).json()) as {
    tenants: Array<{ id: string; createdAt: number; anonymous: boolean; profile: string }>;
  };
  return json(200, {
    tenants: listed.tenants.map((t) => ({
      id: t.id,
      baseUrl: `${origin}/t/${t.id}`,
      createdAt: new Date(t.createdAt).toISOString(),
      profile: t.profile,
      anonymous: t.anonymous,
    })),
  });
}

/** DELETE /tenants/{id} (admin): the bank and all its storage. */
async function deleteBank(request: Request, env: Env, id: string): Promise<Response> {
  const caller = await callerOf(request, env, false);
  if (caller.kind === 'refused') return caller.response;
  const forgotten = (await (await directory(env).fetch(internal('/__internal/forget', { id }))).json()) as {
    removed: boolean;
  };
  const deleted = BANK_ID.test(id) ? await bank(env, id).fetch(internal('/__internal/delete', {})) : null;
  if (!forgotten.removed && deleted?.status !== 204) {
    return errorResponse('RESOURCE_UNKNOWN', `there is no bank ${id.slice(0, 40)}`);
  }
  return new Response(null, { status: 204 });
}

/**
 * A bank id as the path gives it, escapes decoded. Escapes that are not UTF-8 (`%E0%A4%A`, a lone
 * `%C3`) name no bank: the segment is kept as sent, which no bank id matches, as the engine's router
 * treats such an id (404, never a URIError).
 */
function decodedId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The request without its `Upgrade` header when it cannot open a WebSocket (any method but GET).
 * workerd takes a stub's request with `Upgrade: websocket` as a WebSocket and fails one of another
 * method with an internal error and a bare 500, before the bank could answer; a server may ignore
 * Upgrade (RFC 9110 section 7.8), so the bank answers it as the plain request it is (405 on
 * /_sandbank/events).
 */
function withoutFalseUpgrade(request: Request): Request {
  if (request.method === 'GET' || !request.headers.has('upgrade')) return request;
  const headers = new Headers(request.headers);
  headers.delete('upgrade');
  return new Request(request, { headers });
}

function notAllowed(method: string, path: string, allow: string): Response {
  return errorResponse('BAD_REQUEST', `${method} is not allowed on ${path}; allowed: ${allow}`, {
    status: 405,
    headers: { allow },
  });
}

async function route(request: Request, env: Env): Promise<Response> {
  const url = new URL(request.url);
  const origin = env.SANDBANK_PUBLIC_ORIGIN?.replace(/\/+$/, '') || url.origin;
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments[0] === 't' && segments.length >= 2) {
    const id = segments[1] as string;
    if (!BANK_ID.test(id)) return errorResponse('RESOURCE_UNKNOWN', `there is no bank ${id.slice(0, 40)}`);
    // The bank's object answers everything below /t/{id}, CORS included, on the public origin.
    const forwarded =
      origin === url.origin ? request : new Request(`${origin}${url.pathname}${url.search}`, request);
    return bank(env, id).fetch(withoutFalseUpgrade(forwarded));
  }
  if (segments[0] === 'tenants') {
    const origins = directoryOrigins(env);
    if (isPreflight(request)) {
      return preflight(
        request,
        origins,
        'the directory from a browser; the Worker variable SANDBANK_CORS_ORIGINS lists the origins that may',
      );
    }
    let response: Response;
    if (segments.length === 1) {
      if (request.method === 'POST') response = await createBank(request, env, origin);
      else if (request.method === 'GET') response = await listBanks(request, env, origin);
      else response = notAllowed(request.method, '/tenants', 'GET, POST');
    } else if (segments.length === 2) {
      response =
        request.method === 'DELETE'
          ? await deleteBank(request, env, decodedId(segments[1] as string))
          : notAllowed(request.method, '/tenants/{id}', 'DELETE');
    } else response = errorResponse('NOT_FOUND', `no operation at ${url.pathname.slice(0, 200)}`);
    return isAllowed(origins, request.headers.get('origin'))
      ? withCors(response, request, origins)
      : response;
  }
  if (url.pathname === '/' && request.method === 'GET') {
    return json(200, {
      service: 'Sandbank hosted banks',
      directory: `${origin}/tenants`,
      banks: `${origin}/t/{bankId}/v1/...`,
    });
  }
  return errorResponse(
    'NOT_FOUND',
    `no operation at ${url.pathname.slice(0, 200)}; banks live at /t/{bankId}/`,
  );
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    try {
      return await route(request, env);
    } catch (error) {
      console.error('[sandbank] unexpected error in the Worker', error);
      return errorResponse('SYSTEM_ERROR', 'an unexpected error occurred in the hosted sandbox');
    }
  },
};
