import { FIXED_NOW } from '@sandbank/test-support/http';
import { describe, expect, it, vi } from 'vitest';
import type { Route } from '../../src/core/router.js';
import { createApp } from '../../src/gateway/app.js';
import { createSeedState } from '../../src/sandbox-api/seed.js';

describe('unexpected exceptions', () => {
  it('become one 500 SYSTEM_ERROR, logged, with the state untouched', () => {
    const broken: Route = {
      method: 'POST',
      path: '/boom',
      service: 'sandbox',
      operation: (draft) => {
        draft.meta.counter = 999;
        throw new TypeError('bug');
      },
    };
    const reduce = createApp([broken], '/v1').apply;
    const state = createSeedState('s', FIXED_NOW);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = reduce(
      state,
      { method: 'POST', path: '/v1/boom', query: {}, headers: { 'x-request-id': '1' }, bodyText: null },
      {
        now: FIXED_NOW,
        sourceNow: FIXED_NOW,
        origin: 'http://localhost',
        profile: 'sandbox',
        basePath: '/v1',
        tpp: { kind: 'unchecked' },
      },
    );
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
    expect(result.response.status).toBe(500);
    expect(result.response.json).toEqual({
      tppMessages: [expect.objectContaining({ code: 'SYSTEM_ERROR' })],
    });
    expect(result.state).toBe(state);
    expect(state.meta.counter).not.toBe(999);
  });
});

describe('checkResponses (development option)', () => {
  it('turns an answer that breaks its own response schema into a 500, leaving the state alone', async () => {
    const { z } = await import('zod');
    const { json } = await import('../../src/core/http.js');
    const route: Route = {
      method: 'POST',
      path: '/odd',
      service: 'sandbox',
      response: z.object({ count: z.number() }),
      operation: (draft) => {
        draft.meta.counter += 1;
        return json(200, { count: 'many' });
      },
    };
    const state = createSeedState('s', FIXED_NOW);
    const request = {
      method: 'POST',
      path: '/v1/odd',
      query: {},
      headers: { 'x-request-id': '1' },
      bodyText: null,
    };
    const base = {
      now: FIXED_NOW,
      sourceNow: FIXED_NOW,
      origin: 'http://localhost',
      profile: 'sandbox',
      basePath: '/v1',
      tpp: { kind: 'unchecked' },
    } as const;
    expect(createApp([route], '/v1').apply(state, request, base).response.status).toBe(200);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const checked = createApp([route], '/v1', { checkResponses: true }).apply(state, request, base);
    log.mockRestore();
    expect(checked.response.status).toBe(500);
    expect(checked.state).toBe(state);
  });
});
