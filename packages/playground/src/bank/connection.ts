import type { StateMirror } from '@sandbank/service-worker';

/**
 * How the playground talks to the bank: the service worker's state mirror (`createStateMirror` from
 * `@sandbank/service-worker`: `fetch`, `getState`, `subscribe`, typed with the engine's `State` and
 * `SandboxEvent`), which the in-page engine and a hosted bank offer too. Only `connect.ts` decides
 * which one is used.
 */
export type BankConnection = Pick<StateMirror, 'fetch' | 'getState' | 'subscribe'>;
