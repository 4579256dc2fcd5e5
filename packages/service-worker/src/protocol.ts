import type { Commit, RequestLogEntry } from '@sandbank/engine';
import type { StorageReport } from './storage.js';

/** The BroadcastChannel every open tab listens on. */
export const CHANNEL_NAME = 'sandbank';

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
}

export function readWorkerConfig(search: URLSearchParams): WorkerConfig {
  const profile = search.get('profile');
  return {
    basePath: search.get('basePath') ?? '/v1',
    profile: profile === 'production' ? 'production' : 'sandbox',
    seed: search.get('seed') ?? undefined,
    controlPlane: search.get('controlPlane') !== 'false',
    compactEvery: Math.max(1, Number(search.get('compactEvery') ?? 100) || 100),
  };
}

export function writeWorkerConfig(config: Partial<WorkerConfig>): URLSearchParams {
  const search = new URLSearchParams();
  if (config.basePath !== undefined && config.basePath !== '/v1') search.set('basePath', config.basePath);
  if (config.profile !== undefined && config.profile !== 'sandbox') search.set('profile', config.profile);
  if (config.seed !== undefined) search.set('seed', config.seed);
  if (config.controlPlane === false) search.set('controlPlane', 'false');
  if (config.compactEvery !== undefined) search.set('compactEvery', String(config.compactEvery));
  return search;
}
