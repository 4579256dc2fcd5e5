import type { FaultRule } from '../core/fault-state.js';
import type { FaultRuleInput } from './scenarios.js';

/** The fault rules of one bank, as the test API and the page's handle offer them (docs/faults.md). */
export interface FaultsApi {
  /** Adds a rule; resolves with it as stored (with its `id`). Rejects with the bank's 400 text when invalid. */
  add(rule: FaultRuleInput): Promise<FaultRule>;
  list(): Promise<FaultRule[]>;
  remove(id: string): Promise<void>;
  /** Removes every rule. */
  clear(): Promise<void>;
}

export interface FaultControls {
  readonly faults: FaultsApi;
  /** Applies a named scenario (GET /_sandbank/scenarios lists them); resolves with the rules it added. */
  scenario(name: string): Promise<FaultRule[]>;
}

type Fetch = (request: Request) => Promise<Response>;

/**
 * The same methods everywhere, over the control plane (`/_sandbank/faults`, `/_sandbank/scenarios`):
 * one path through the engine, whether the bank runs in process, in a service worker or over HTTP.
 */
export function faultControls(fetch: Fetch, controlRoot: () => string): FaultControls {
  async function send(method: string, path: string, body?: unknown): Promise<unknown> {
    const init: RequestInit = { method, headers: { accept: 'application/json' } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { accept: 'application/json', 'content-type': 'application/json' };
    }
    const response = await fetch(new Request(`${controlRoot()}${path}`, init));
    const text = await response.text();
    const json: unknown = text === '' ? null : JSON.parse(text);
    if (!response.ok) {
      const messages = (json as { tppMessages?: { text: string }[] } | null)?.tppMessages ?? [];
      throw new Error(
        `${method} ${path} answered ${response.status}: ${messages.map((m) => m.text).join('; ') || text}`,
      );
    }
    return json;
  }
  return {
    faults: {
      add: async (rule) => (await send('POST', '/faults', rule)) as FaultRule,
      list: async () => ((await send('GET', '/faults')) as { rules: FaultRule[] }).rules,
      remove: async (id) => {
        await send('DELETE', `/faults/${encodeURIComponent(id)}`);
      },
      clear: async () => {
        await send('DELETE', '/faults');
      },
    },
    scenario: async (name) =>
      ((await send('POST', `/scenarios/${encodeURIComponent(name)}`)) as { rules: FaultRule[] }).rules,
  };
}
