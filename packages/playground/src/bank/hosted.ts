import { createStateMirror, type SandbankEvent } from '@sandbank/service-worker';
import type { BankConnection } from './connection.js';

/**
 * A hosted bank (packages/cloudflare), opened with `?bank=<baseUrl>&token=<controlToken>`: requests
 * the views build for the page's own origin go to the bank's base URL instead (control-plane calls
 * with the control token), and the bank's `/_sandbank/events` WebSocket brings the same events the
 * service worker broadcasts, so the state is kept current by the worker's own state mirror.
 */
export interface HostedBank {
  /** `https://host/t/{bankId}`, as POST /tenants answered. */
  baseUrl: string;
  controlToken: string;
}

export interface HostedOptions {
  /** Defaults to the global WebSocket (tests in Node pass one). */
  WebSocket?: typeof WebSocket;
  /** How long to wait before opening a dropped socket again. */
  reconnectMs?: number;
  /** Closes the events socket for good when aborted. */
  signal?: AbortSignal;
}

/** The hosted bank named by the page's query (`?bank=https://…&token=…`), or null. */
export function hostedBankFromQuery(search: string): HostedBank | null {
  const query = new URLSearchParams(search);
  const baseUrl = query.get('bank');
  if (baseUrl === null || !/^https?:\/\//.test(baseUrl)) return null;
  return { baseUrl: baseUrl.replace(/\/+$/, ''), controlToken: query.get('token') ?? '' };
}

/** The bank's HTML pages are the PSU's: they take no token. */
const PAGE = /^\/_sandbank\/(sca\/[^/]+|consents)$/;

/** The request, addressed to the hosted bank. */
async function toHosted(bank: HostedBank, request: Request): Promise<Request> {
  const url = new URL(request.url);
  const base = new URL(bank.baseUrl);
  const onBank = url.href.startsWith(`${bank.baseUrl}/`);
  const target = onBank ? url : new URL(`${base.pathname}${url.pathname}${url.search}`, base.origin);
  const below = target.pathname.slice(base.pathname.length);
  const headers = new Headers(request.headers);
  if (below.startsWith('/_sandbank/') && !PAGE.test(below) && bank.controlToken !== '') {
    headers.set('authorization', `Bearer ${bank.controlToken}`);
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
  return new Request(target, { method: request.method, headers, body, redirect: request.redirect });
}

export function createHostedConnection(bank: HostedBank, options: HostedOptions = {}): BankConnection {
  const Socket = options.WebSocket ?? WebSocket;
  const send = async (request: Request) => fetch(await toHosted(bank, request));
  const events = `${bank.baseUrl.replace(/^http/, 'ws')}/_sandbank/events?token=${encodeURIComponent(bank.controlToken)}`;
  const source = {
    subscribe(listener: (event: SandbankEvent) => void) {
      let opened = 0;
      const open = () => {
        if (options.signal?.aborted) return;
        const socket = new Socket(events);
        options.signal?.addEventListener('abort', () => socket.close(), { once: true });
        socket.addEventListener('open', () => {
          // Events may have been missed while the socket was down: read the whole state again.
          if (opened++ > 0) {
            mirror
              .refresh()
              .catch((error: unknown) =>
                console.error('[sandbank playground] re-reading the hosted bank failed', error),
              );
          }
        });
        socket.addEventListener('message', (message) => {
          listener(JSON.parse(String(message.data)) as SandbankEvent);
        });
        socket.addEventListener('close', () => {
          if (!options.signal?.aborted) setTimeout(open, options.reconnectMs ?? 2000);
        });
      };
      open();
      return () => undefined;
    },
  };
  const mirror = createStateMirror(source, { fetch: send, stateUrl: `${bank.baseUrl}/_sandbank/state` });
  return mirror;
}
