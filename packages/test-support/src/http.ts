import { createSandbox, type Sandbox, type SandboxOptions } from '@sandbank/engine';
import { signing, TEST_TPP_REGISTRATION } from './signing.js';

export const ORIGIN = 'http://localhost';
export const FIXED_NOW = Date.parse('2026-03-02T10:00:00Z');

/** A sandbox on a fixed clock, so answers are reproducible. */
export function fixedSandbox(options: SandboxOptions = {}): Sandbox {
  return signing(
    createSandbox({ now: () => FIXED_NOW, registeredTpps: [TEST_TPP_REGISTRATION], ...options }),
  );
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** A JSON value (serialised), a string or raw bytes sent as is. */
  body?: unknown;
}

let counter = 0;

/** Builds the request a TPP would send: X-Request-ID and a JSON body unless given otherwise. */
export function request(method: string, path: string, options: CallOptions = {}): Request {
  const headers = new Headers({ 'x-request-id': `test-${++counter}` });
  let body: BodyInit | undefined;
  if (options.body instanceof Uint8Array) {
    body = options.body as Uint8Array<ArrayBuffer>;
    headers.set('content-type', 'application/json');
  } else if (typeof options.body === 'string') {
    body = options.body;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return new Request(`${ORIGIN}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function call(
  sandbox: Sandbox,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const response = await sandbox.fetch(request(method, path, options));
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, text };
}

export interface Message {
  category: string;
  code: string;
  path?: string;
  text: string;
}

/** The tppMessages of an answer (empty when none). */
export function messages(answer: Answer): Message[] {
  return ((answer.body as { tppMessages?: Message[] }).tppMessages ?? []) as Message[];
}
