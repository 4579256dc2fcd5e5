import { type Psd2Role, routes, type Sandbox, type State } from '@sandbank/engine';
import {
  clockWork,
  createApp,
  createSeedState,
  decodeBody,
  readBody,
  toEngineRequest,
  toWebResponse,
} from '@sandbank/engine/internal';
import { START } from '@sandbank/test-support/ais';

/**
 * One bank, several TPPs. Until request signing is merged, `createSandbox` treats every request as
 * the one unverified TPP; this drives the same pure reducer with the context a verified signature
 * gives (`tpp.kind === 'verified'`), one per TPP, over one shared state. Nothing of the reducer or
 * the operations is replaced.
 */
export interface Bank {
  /** The bank as TPP `organisationId` (a verified certificate with `roles`) sees it. */
  as(organisationId: string, roles?: Psd2Role[]): Sandbox;
  state(): State;
}

export function bank(): Bank {
  const reduce = createApp(routes, '/v1', { checkResponses: true, clockWork }).apply;
  let state = createSeedState('sandbank', START);
  return {
    state: () => state,
    as(organisationId, roles = ['PSP_AI', 'PSP_PI']) {
      return {
        async fetch(request: Request): Promise<Response> {
          const url = new URL(request.url);
          const bytes = await readBody(request, 1024 * 1024);
          const engineRequest = toEngineRequest(request, url, bytes === null ? null : decodeBody(bytes));
          const reduction = reduce(state, engineRequest, {
            now: START,
            sourceNow: START,
            origin: url.origin,
            profile: 'sandbox',
            basePath: '/v1',
            tpp: {
              kind: 'verified',
              organisationId,
              name: `TPP ${organisationId}`,
              roles,
              fingerprint: organisationId,
              signedAt: START,
            },
          });
          state = reduction.state;
          return toWebResponse(reduction.response);
        },
        getState: () => state,
        now: () => START,
        subscribe: () => () => {},
        options: { profile: 'sandbox', basePath: '/v1', seed: 'sandbank' },
      };
    },
  };
}
