import { request } from 'node:http';
import { type LocalOptions, type LocalRuntime, startLocal } from '@sandbank/cloudflare/local';
import type { Sandbox } from '@sandbank/engine';
import { signFor } from './signing.js';

// Hosted banks in a local workerd (Miniflare), driven over plain HTTP as a TPP, a PSU's browser and a
// bank's owner would. A hosted bank is wrapped as the engine tests' `Sandbox` so the engine's own
// journey helpers (ais.ts, payments.ts beside this file) drive it unchanged: their requests, addressed to any
// origin, go to the bank's base URL; API calls are signed there with the TPP kit; control-plane calls
// carry the bank's control token.

/** Monday 2 March 2026, 10:00 UTC: every bank in the tests has its clock fixed here. */
export const FIXED = '2026-03-02T10:00:00Z';
export const FIXED_MS = Date.parse(FIXED);

export interface CreatedBank {
  id: string;
  baseUrl: string;
  controlToken: string;
}

export interface HostedBank extends CreatedBank {
  /** The bank as the engine tests' Sandbox: fetch only (state through GET /_sandbank/state). */
  sandbox: Sandbox;
}

/** Sandbank's local runtime for one test file; `stop` in afterAll. */
export function runtime(options: LocalOptions = {}): Promise<LocalRuntime> {
  return startLocal({ adminToken: 'test-admin-token', ...options });
}

export function admin(rt: LocalRuntime, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${rt.adminToken}`, 'content-type': 'application/json', ...extra };
}

/** POST /tenants as the admin; the bank's clock fixed at FIXED unless the body says otherwise. */
export async function createBank(rt: LocalRuntime, body: Record<string, unknown> = {}): Promise<CreatedBank> {
  const answer = await fetch(`${rt.url}/tenants`, {
    method: 'POST',
    headers: admin(rt),
    body: JSON.stringify({ fixedTime: FIXED, ...body }),
  });
  if (answer.status !== 201) throw new Error(`POST /tenants: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as CreatedBank;
}

/** A page of the bank that the PSU's browser opens, open to anyone (no token). */
function isPage(path: string): boolean {
  return /^\/_sandbank\/(sca\/[^/]+|consents)$/.test(path);
}

/** The bank, wrapped for the engine's test helpers. */
export function asSandbox(bank: CreatedBank, options: { sign?: boolean; basePath?: string } = {}): Sandbox {
  const base = new URL(bank.baseUrl);
  const apiRoot = `${base.pathname}${options.basePath ?? '/v1'}/`;
  let offsetMs = 0;
  const sandbox: Sandbox = {
    options: { profile: 'sandbox', basePath: options.basePath ?? '/v1', seed: bank.id },
    now: () => FIXED_MS + offsetMs,
    getState: () => {
      throw new Error('a hosted bank has no getState(): read GET /_sandbank/state');
    },
    subscribe: () => {
      throw new Error('a hosted bank has no subscribe(): open /_sandbank/events');
    },
    async fetch(request) {
      const url = new URL(request.url);
      const target = url.href.startsWith(`${bank.baseUrl}/`)
        ? url
        : new URL(`${base.pathname}${url.pathname}${url.search}`, base.origin);
      const below = target.pathname.slice(base.pathname.length);
      const headers = new Headers(request.headers);
      if (below.startsWith('/_sandbank/') && !isPage(below) && !headers.has('authorization')) {
        headers.set('authorization', `Bearer ${bank.controlToken}`);
      }
      const body = request.body === null ? null : await request.arrayBuffer();
      let sent = new Request(target, { method: request.method, headers, body, redirect: 'manual' });
      if ((options.sign ?? true) && target.pathname.startsWith(apiRoot) && !headers.has('signature')) {
        sent = await signFor(sandbox, sent, { addDigest: !headers.has('digest') });
      }
      const answer = await fetch(sent);
      // The signer dates requests by the bank clock: follow it wherever the control plane moves it.
      if (below.startsWith('/_sandbank/') && request.method !== 'GET' && answer.ok) {
        const clock = await fetch(`${bank.baseUrl}/_sandbank/clock`, {
          headers: { authorization: `Bearer ${bank.controlToken}` },
        });
        offsetMs = ((await clock.json()) as { offsetMs: number }).offsetMs;
      }
      return answer;
    },
  };
  return sandbox;
}

export async function hostedBank(rt: LocalRuntime, body: Record<string, unknown> = {}): Promise<HostedBank> {
  const created = await createBank(rt, body);
  return { ...created, sandbox: asSandbox(created) };
}

/**
 * `fetch` on a connection of its own, closed after the answer. workerd closes a kept-alive connection
 * after a short idle time; a request sent just after the test's event loop was busy for seconds (making
 * a state of 100 000 transactions) could go out on a connection workerd had already closed, and the
 * body's write fails with EPIPE. A real client sending such a body has no kept connection to lose.
 */
export function fetchOnNewConnection(
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: init.method, headers: init.headers, agent: false }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('error', reject);
      answer.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        const status = answer.statusCode ?? 0;
        const body = status === 204 || status === 304 ? null : Buffer.concat(chunks);
        resolve(new Response(body, { status, headers }));
      });
    });
    sent.on('error', reject);
    sent.end(init.body);
  });
}

/** A bank's whole state (GET /_sandbank/state with its token). */
export async function exportState(bank: CreatedBank): Promise<Record<string, unknown>> {
  const answer = await fetch(`${bank.baseUrl}/_sandbank/state`, {
    headers: { authorization: `Bearer ${bank.controlToken}` },
  });
  if (answer.status !== 200) throw new Error(`GET /_sandbank/state: ${answer.status}`);
  return (await answer.json()) as Record<string, unknown>;
}

export interface Problem {
  status: number;
  codes: string[];
  contentType: string | null;
}

/** An error answer as the tests check it: status, the tppMessages' codes, the content type. */
export async function problem(answer: Response): Promise<Problem> {
  const text = await answer.text();
  let codes: string[] = [];
  try {
    codes = ((JSON.parse(text) as { tppMessages?: Array<{ code: string }> }).tppMessages ?? []).map(
      (m) => m.code,
    );
  } catch {
    codes = [`not JSON: ${text.slice(0, 80)}`];
  }
  return { status: answer.status, codes, contentType: answer.headers.get('content-type') };
}
