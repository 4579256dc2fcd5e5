import { call, FIXED_NOW, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../src/index.js';

describe('the bank clock through the control plane', () => {
  it('reads the clock source by default', async () => {
    const answer = await call(fixedSandbox(), 'GET', '/_sandbank/clock');
    expect(answer.body).toEqual({ now: new Date(FIXED_NOW).toISOString(), offsetMs: 0 });
  });

  it('sets the clock to a given time and keeps it running from there', async () => {
    let source = FIXED_NOW;
    const sandbox = createSandbox({ now: () => source });
    const set = await call(sandbox, 'POST', '/_sandbank/clock', {
      body: { set: '2027-01-05T08:30:00+01:00' },
    });
    expect(set.body).toMatchObject({ now: '2027-01-05T07:30:00.000Z' });
    source += 90_000;
    expect((await call(sandbox, 'GET', '/_sandbank/clock')).body).toMatchObject({
      now: '2027-01-05T07:31:30.000Z',
    });
    expect(sandbox.now()).toBe(Date.parse('2027-01-05T07:31:30Z'));
  });

  it('advances the clock by minutes', async () => {
    const sandbox = fixedSandbox();
    await call(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 90 } });
    const answer = await call(sandbox, 'POST', '/_sandbank/clock', { body: { advanceMinutes: 30 } });
    expect(answer.body).toMatchObject({ now: new Date(FIXED_NOW + 120 * 60_000).toISOString() });
  });

  it('rejects a change that is neither set nor advanceMinutes, naming the problem', async () => {
    for (const body of [{ advanceMinutes: -5 }, { set: 'tomorrow' }, { advanceMinutes: 1.5 }, {}]) {
      const answer = await call(fixedSandbox(), 'POST', '/_sandbank/clock', { body });
      expect(answer.status).toBe(400);
      expect(messages(answer)[0]?.code).toBe('FORMAT_ERROR');
    }
  });

  it('needs no signature and no X-Request-ID', async () => {
    const sandbox = fixedSandbox();
    const response = await sandbox.fetch(new Request('http://localhost/_sandbank/clock'));
    expect(response.status).toBe(200);
  });
});
