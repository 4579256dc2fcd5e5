import { api, consent, KARI, ORIGIN, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { consentCount } from '../../src/core/records.js';
import { corporateIdFor, psuIdFor } from '../../src/sca/psu.js';

describe('psu-id and psu-corporate-id (part 5.3)', () => {
  it('differ between TPPs and are stable for one', () => {
    const state = sandbox().getState();
    expect(psuIdFor(state, KARI, 'PSDNO-FSA-1')).toBe(psuIdFor(state, KARI, 'PSDNO-FSA-1'));
    expect(psuIdFor(state, KARI, 'PSDNO-FSA-1')).not.toBe(psuIdFor(state, KARI, 'PSDNO-FSA-2'));
    expect(corporateIdFor(state, 'a1', 'PSDNO-FSA-1')).not.toBe(corporateIdFor(state, 'a1', 'PSDNO-FSA-2'));
    expect(corporateIdFor(state, 'a1', 'PSDNO-FSA-1')).not.toBe(corporateIdFor(state, 'a2', 'PSDNO-FSA-1'));
  });

  it('survive a reset of the sandbox', async () => {
    const sb = sandbox();
    const before = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    await sb.fetch(new Request(`${ORIGIN}/_sandbank/reset`, { method: 'POST' }));
    const after = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' }, 'again');
    expect(after.psuId).toBe(before.psuId);
    expect((await api(sb, 'GET', '/v1/accounts', { headers: after.headers })).status).toBe(200);
  });

  it('let a state exported before the consent slices existed be imported', async () => {
    const sb = sandbox();
    const { authorisations: _a, consents: _c, sessions: _s, ...old } = sb.getState();
    const put = await sb.fetch(
      new Request(`${ORIGIN}/_sandbank/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(old),
      }),
    );
    expect(put.status).toBe(204);
    expect(consentCount(sb.getState())).toBe(0);
  });
});
