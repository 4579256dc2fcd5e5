import type { Commit, RequestLogEntry, SandboxOptions } from '@sandbank/engine';
import { type AutoSignIdentity, isAutoSignIdentity } from './auto-sign-options.js';
import type { StorageReport } from './storage/index.js';

/** The BroadcastChannel every open tab listens on. */
export const CHANNEL_NAME = 'sandbank';

/** The OpenAPI document's file, which the build writes beside the worker script (openapi-document.ts). */
export const OPENAPI_FILE = 'sandbank-openapi.json';

/** Where that file has the base path: the worker puts its own in when it reads the file. */
export const OPENAPI_BASE_PATH_MARK = '/__sandbank_base_path__';

/** Events the worker (or the in-page fallback) sends to every tab. */
export type SandbankEvent =
  | { type: 'state-change'; seq: number; patches: Commit['patches'] }
  | { type: 'request'; entry: RequestLogEntry }
  | { type: 'storage'; report: StorageReport };

/** Messages a page sends to the worker, each answered on the MessageChannel port it carries. */
export type WorkerRequest = { type: 'sandbank:version' } | { type: 'sandbank:claim' };

export type WorkerReply =
  | { type: 'sandbank:version'; version: string; basePath: string }
  | { type: 'sandbank:claim'; claimed: true };

/** What the page-side module passes to the worker in its script URL's query. */
export interface WorkerConfig {
  basePath: string;
  profile: 'sandbox' | 'production';
  seed: string | undefined;
  controlPlane: boolean;
  /** Fold the change log into a snapshot after this many entries. */
  compactEvery: number;
  /** How long a pause in the writes the compaction waits for (the store's default when undefined). */
  compactIdleMs: number | undefined;
  /** part 5.1: `required` (the default, as in the engine) or `off`. */
  signatures: 'required' | 'off';
  /** part 5.1 rule 10: sign every response with the bank's key. */
  signResponses: boolean;
  /** part 5.1 rule 1: a date within 60 s of the bank clock or the real time (default), or the bank clock only. */
  clockSkew: 'bank-or-source' | 'bank-only';
  /** part 9: `bank-clock` (the default, as in the engine) or `legacy` (every x-accept-fix fix opt-in). */
  acceptFixDefaults: 'bank-clock' | 'legacy';
  registeredTpps: RegisteredTpps | undefined;
  /** Largest accepted request body, e.g. to import a big state (the engine's default when undefined). */
  maxBodyBytes: number | undefined;
  /** Sign unsigned `/v1` requests with this preset identity (auto-sign.ts); never in the production profile. */
  autoSign: AutoSignIdentity | undefined;
}

export type RegisteredTpps = NonNullable<SandboxOptions['registeredTpps']>;

function readRegisteredTpps(value: string | null): RegisteredTpps | undefined {
  if (value === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as RegisteredTpps) : undefined;
  } catch {
    return undefined;
  }
}

function positive(value: string | null): number | undefined {
  const number = Number(value ?? Number.NaN);
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

export function readWorkerConfig(search: URLSearchParams): WorkerConfig {
  const profile = search.get('profile');
  const autoSign = search.get('autoSign');
  return {
    basePath: search.get('basePath') ?? '/v1',
    profile: profile === 'production' ? 'production' : 'sandbox',
    seed: search.get('seed') ?? undefined,
    controlPlane: search.get('controlPlane') !== 'false',
    compactEvery: Math.max(1, Number(search.get('compactEvery') ?? 100) || 100),
    compactIdleMs: positive(search.get('compactIdleMs')),
    // Anything but an explicit `off` keeps the check: a garbled URL must not switch security off.
    signatures: search.get('signatures') === 'off' ? 'off' : 'required',
    signResponses: search.get('signResponses') === 'true',
    clockSkew: search.get('clockSkew') === 'bank-only' ? 'bank-only' : 'bank-or-source',
    acceptFixDefaults: search.get('acceptFixDefaults') === 'legacy' ? 'legacy' : 'bank-clock',
    registeredTpps: readRegisteredTpps(search.get('registeredTpps')),
    maxBodyBytes: positive(search.get('maxBodyBytes')),
    // Never in the production profile, whatever the URL says (registerSandbox refuses it too).
    autoSign: profile !== 'production' && isAutoSignIdentity(autoSign) ? autoSign : undefined,
  };
}

export function writeWorkerConfig(config: Partial<WorkerConfig>): URLSearchParams {
  const search = new URLSearchParams();
  if (config.basePath !== undefined && config.basePath !== '/v1') search.set('basePath', config.basePath);
  if (config.profile !== undefined && config.profile !== 'sandbox') search.set('profile', config.profile);
  if (config.seed !== undefined) search.set('seed', config.seed);
  if (config.controlPlane === false) search.set('controlPlane', 'false');
  if (config.compactEvery !== undefined) search.set('compactEvery', String(config.compactEvery));
  if (config.compactIdleMs !== undefined) search.set('compactIdleMs', String(config.compactIdleMs));
  if (config.signatures === 'off') search.set('signatures', 'off');
  if (config.signResponses === true) search.set('signResponses', 'true');
  if (config.clockSkew === 'bank-only') search.set('clockSkew', 'bank-only');
  if (config.acceptFixDefaults === 'legacy') search.set('acceptFixDefaults', 'legacy');
  if (config.maxBodyBytes !== undefined) search.set('maxBodyBytes', String(config.maxBodyBytes));
  if (config.autoSign !== undefined) search.set('autoSign', config.autoSign);
  if (config.registeredTpps !== undefined)
    search.set('registeredTpps', JSON.stringify(config.registeredTpps));
  return search;
}
