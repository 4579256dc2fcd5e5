import { api, NOW, newSandbox } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';

const YEAR_MS = 366 * 24 * 60 * 60_000;

describe('the bank clock stays within bounds every request can work with (docs/decisions/bank-clock.md)', () => {
  it('refuses to set it more than 10 years ahead at once, or beyond 100 years from its source', async () => {
    const sandbox = newSandbox();
    const far = await api(sandbox, 'POST', '/_sandbank/clock', { body: { set: '9999-12-31T00:00:00Z' } });
    expect(far.status).toBe(400);
    expect(far.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'set' });
    const leap = await api(sandbox, 'POST', '/_sandbank/clock', { body: { set: '2040-01-01T00:00:00Z' } });
    expect(leap.status).toBe(400);
    expect(leap.body.tppMessages[0].text).toMatch(/in steps of at most 10 years/);
    const back = await api(sandbox, 'POST', '/_sandbank/clock', { body: { set: '1900-01-01T00:00:00Z' } });
    expect(back.status).toBe(400);
    expect(back.body.tppMessages[0].text).toMatch(/within 100 years of the clock source/);
    // Nothing moved; steps within the bounds still work.
    expect((await api(sandbox, 'GET', '/_sandbank/clock')).body.now).toBe(new Date(NOW).toISOString());
    const step = await api(sandbox, 'POST', '/_sandbank/clock', { body: { set: '2035-03-02T10:00:00Z' } });
    expect(step.status).toBe(200);
    expect(step.body.now).toBe('2035-03-02T10:00:00.000Z');
  });

  it('refuses an imported offset beyond 100 years, and keeps the bank as it was', async () => {
    const sandbox = newSandbox();
    const state = (await api(sandbox, 'GET', '/_sandbank/state')).body as { clock: { offsetMs: number } };
    for (const offsetMs of [9e15, -9e15, 101 * YEAR_MS]) {
      const put = await api(sandbox, 'PUT', '/_sandbank/state', {
        body: { ...state, clock: { offsetMs } },
      });
      expect(put.status).toBe(400);
      expect(put.body.tppMessages[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'clock.offsetMs' });
    }
    const clock = await api(sandbox, 'GET', '/_sandbank/clock');
    expect(clock.status).toBe(200);
    expect(clock.body).toEqual({ now: new Date(NOW).toISOString(), offsetMs: 0 });
    // At the bound's edge: the next request answers, with the batch runs of a century passed over.
    const edge = await api(sandbox, 'PUT', '/_sandbank/state', {
      body: { ...state, clock: { offsetMs: 99 * YEAR_MS } },
    });
    expect(edge.status).toBe(204);
    expect((await api(sandbox, 'GET', '/_sandbank/clock')).status).toBe(200);
  });
});
