import { createHash } from 'node:crypto';
import type { Profile, Sandbox } from '@sandbank/engine';
import { presetIdentity, signRequest, type TppIdentity } from '@sandbank/engine/tpp';
import { expect } from 'vitest';
import { type HttpBank, startHttpBank } from '../journeys/bank.js';

/**
 * The attack suite: requests an attacker or a careless client sends to `sandbank serve`
 * over real HTTP, each with the status and code the bank must answer. Every case runs against each
 * bank of BANKS; no answer may be a 5xx.
 */
export interface AttackBank {
  profile: Profile;
  host: string;
  /** `http://HOST:PORT` as the server printed it. */
  url: string;
  /** A stand-in whose `fetch` goes to the server (for the engine's test helpers, e.g. the SCA walk). */
  sandbox: Sandbox;
  /** The headers the control plane's owner sends (the token off loopback). */
  control: Record<string, string>;
  stop(): Promise<void>;
}

export const BANKS: ReadonlyArray<{ profile: Profile; host: string }> = [
  { profile: 'sandbox', host: '127.0.0.1' },
  { profile: 'production', host: '127.0.0.1' },
  { profile: 'sandbox', host: '0.0.0.0' },
  { profile: 'production', host: '0.0.0.0' },
];

/** The organisations the suite signs as; the production profile gets them registered. */
export const TPPS = ['PSDNO-FSA-933012867', 'PSDNO-FSA-915000003', 'PSDSE-FI-556677'] as const;

/** The owner's control token of the banks on 0.0.0.0 (a loopback bank's control plane is open). */
export const CONTROL_TOKEN = 'attack-suite-control-token';

export async function startAttackBank(profile: Profile, host: string): Promise<AttackBank> {
  const loopback = host === '127.0.0.1';
  const owner = [
    // The production profile has no control plane unless its owner turns it on (issue 16).
    ...(profile === 'production' ? ['--control-plane', 'on'] : []),
    ...(loopback ? [] : ['--control-token', CONTROL_TOKEN]),
  ];
  const control: Record<string, string> = loopback ? {} : { authorization: `Bearer ${CONTROL_TOKEN}` };
  const bank: HttpBank = await startHttpBank(['--profile', profile, '--host', host, ...owner]);
  if (profile === 'production') {
    for (const organisationId of TPPS) {
      const registered = await fetch(`${bank.url}/_sandbank/tpps`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...control },
        body: JSON.stringify({ organisationId, name: organisationId, roles: ['PSP_AI', 'PSP_PI'] }),
      });
      if (registered.status >= 300) throw new Error(`registering ${organisationId}: ${registered.status}`);
    }
  }
  return { profile, host, url: bank.url, sandbox: bank.sandbox, control, stop: () => bank.stop() };
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: error bodies are read loosely in assertions
  json: any;
}

/** Sends a request to the bank (redirects not followed) and checks the one rule every answer keeps. */
export async function send(bank: AttackBank, request: Request): Promise<Answer> {
  const target = new URL(request.url);
  const body = request.body === null ? undefined : await request.arrayBuffer();
  const response = await fetch(`${bank.url}${target.pathname}${target.search}`, {
    method: request.method,
    headers: request.headers,
    redirect: 'manual',
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  expect(response.status, `${request.method} ${target.pathname}: ${text.slice(0, 300)}`).toBeLessThan(500);
  let json: unknown = null;
  try {
    json = text === '' ? null : JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** The answer is an error with exactly this status, code and path (the first tppMessage). */
export function expectError(answer: Answer, status: number, code: string, path?: string): void {
  expect(answer.status, answer.text.slice(0, 500)).toBe(status);
  const first = answer.json?.tppMessages?.[0];
  expect(first).toMatchObject({ category: 'ERROR', code, ...(path === undefined ? {} : { path }) });
}

export interface SignedInit {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  identity?: TppIdentity;
  /** Which date header the signature covers (default Date). */
  date?: 'date' | 'x-date';
}

/** A request signed as a TPP signs it, dated now (the server's clock is this process's clock). */
export async function signed(bank: AttackBank, path: string, init: SignedInit = {}): Promise<Request> {
  const headers = new Headers({ 'x-request-id': crypto.randomUUID(), ...init.headers });
  let body: string | undefined;
  if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers.set('content-type', 'application/json');
    headers.set('digest', `SHA-256=${createHash('sha256').update(body).digest('base64')}`);
  }
  const request = new Request(`${bank.url}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    ...(body === undefined ? {} : { body }),
  });
  return signRequest(request, init.identity ?? (await presetIdentity('both')), {
    now: Date.now(),
    date: init.date ?? 'date',
  });
}

export const REDIRECT_URI = 'https://tpp.example/callback';

/** The headers of a consent or payment a TPP starts an SCA with. */
export const SCA_HEADERS = {
  'tpp-redirect-uri': REDIRECT_URI,
  'tpp-session-id': 'attack-session',
};
