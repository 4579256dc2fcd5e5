import { authorisationById, paymentById } from '@sandbank/engine';
import {
  sandbox as aisSandbox,
  getPage,
  REDIRECT_URI,
  redirectParams,
  startConsent,
} from '@sandbank/test-support/ais';
import {
  advance,
  api,
  approve,
  createPayment,
  INSTANT,
  NDCT,
  ndctBody,
  newSandbox,
  state,
  status,
} from '@sandbank/test-support/payments';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';

async function addRule(sb: Parameters<typeof api>[0], rule: unknown) {
  const reply = await api(sb, 'POST', '/_sandbank/faults', { body: rule });
  expect(reply.status).toBe(201);
  return reply.body;
}

function authorisationOf(sb: ReturnType<typeof aisSandbox>, href: string) {
  const id = decodeURIComponent(new URL(href).pathname.split('/').pop() ?? '');
  return authorisationById(sb.getState(), id);
}

describe('SCA outcomes', () => {
  it('fails the SCA: the PSU goes back to the TPP with the part 5.3 failure parameters', async () => {
    const sb = aisSandbox();
    await addRule(sb, { effect: { sca: 'fail' } });
    const href = await startConsent(sb);
    const page = await getPage(sb, href);
    expect(page.status).toBe(303);
    expect(page.location?.startsWith(REDIRECT_URI)).toBe(true);
    const params = redirectParams(page);
    expect(params.get('system')).toBe('SANDBANK_SCA');
    expect(params.get('status')).toBe('401');
    expect(params.get('code')).toBe('PSU_CREDENTIALS_INVALID');
    expect(params.get('message')).toBe('the PSU could not be authenticated');
    expect(authorisationOf(sb, href)?.status).toBe('failed');
  });

  it('fails with the status, code and message the rule names', async () => {
    const sb = aisSandbox();
    await addRule(sb, {
      effect: { sca: 'fail', status: 400, code: 'SCA_INVALID', message: 'wrong one-time code' },
    });
    const params = redirectParams(await getPage(sb, await startConsent(sb)));
    expect([params.get('status'), params.get('code'), params.get('message')]).toEqual([
      '400',
      'SCA_INVALID',
      'wrong one-time code',
    ]);
  });

  it('expires the SCA link: SCA_EXPIRED in the failure redirect', async () => {
    const sb = aisSandbox();
    await addRule(sb, { effect: { sca: 'expire' }, times: 1 });
    const href = await startConsent(sb);
    const params = redirectParams(await getPage(sb, href));
    expect([params.get('status'), params.get('code')]).toEqual(['400', 'SCA_EXPIRED']);
    // The rule was used up: the next SCA goes as usual.
    const next = await getPage(sb, await startConsent(sb));
    expect(next.status).toBe(200);
  });

  it('abandons the SCA: no redirect back, the authorisation waits until it expires', async () => {
    const sb = aisSandbox();
    await addRule(sb, { effect: { sca: 'abandon' } });
    const href = await startConsent(sb);
    const page = await getPage(sb, href);
    expect(page.status).toBe(200);
    expect(page.location).toBeNull();
    expect(page.html).toContain('abandoned');
    expect(authorisationOf(sb, href)?.status).toBe('started');
  });

  it('applies only to the TPP and PSU it names', async () => {
    const sb = aisSandbox();
    await addRule(sb, { match: { tpp: 'PSDNO-FSA-000000000' }, effect: { sca: 'fail' } });
    expect((await getPage(sb, await startConsent(sb))).status).toBe(200);
    await addRule(sb, { match: { tpp: TEST_TPP }, effect: { sca: 'fail' } });
    expect((await getPage(sb, await startConsent(sb))).status).toBe(303);
  });
});

describe('payment outcomes', () => {
  it('rejects the next payment (RJCT) as it is authorised, and books nothing', async () => {
    const sb = newSandbox();
    await addRule(sb, { effect: { paymentStatus: 'RJCT' }, times: 1 });
    const before = await state(sb);
    const created = await createPayment(sb, ndctBody(before));
    const approved = await approve(sb, created.body.paymentId);
    expect(approved.body.transactionStatus).toBe('RJCT');
    const after = await state(sb);
    expect(after.accounts).toEqual(before.accounts);
    expect(paymentById(after, created.body.paymentId)?.fundsAvailable).toBe(false);
    // times: 1, so the one after goes as usual.
    const next = await createPayment(sb, ndctBody(after));
    expect((await approve(sb, next.body.paymentId)).body.transactionStatus).toBe('ACCP');
  });

  it('accepts the payment with fundsAvailable false (ACCP)', async () => {
    const sb = newSandbox();
    await addRule(sb, { effect: { paymentStatus: 'ACCP' } });
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    const reply = await status(sb, created.body.paymentId);
    expect(reply.body).toMatchObject({ transactionStatus: 'ACCP', fundsAvailable: false });
  });

  it('keeps the payment PDNG through the batch runs until the rules are cleared', async () => {
    const sb = newSandbox();
    await addRule(sb, { match: { paymentProduct: NDCT }, effect: { paymentStatus: 'PDNG' } });
    const created = await createPayment(sb, ndctBody(await state(sb)));
    await approve(sb, created.body.paymentId);
    await advance(sb, 24 * 60);
    expect((await status(sb, created.body.paymentId)).body.transactionStatus).toBe('PDNG');
    expect((await api(sb, 'DELETE', '/_sandbank/faults')).status).toBe(204);
    await advance(sb, 24 * 60);
    expect((await status(sb, created.body.paymentId)).body.transactionStatus).toBe('ACSC');
  });

  it('matches by payment product', async () => {
    const sb = newSandbox();
    await addRule(sb, { match: { paymentProduct: INSTANT }, effect: { paymentStatus: 'RJCT' } });
    const created = await createPayment(sb, ndctBody(await state(sb)));
    expect((await approve(sb, created.body.paymentId)).body.transactionStatus).toBe('ACCP');
  });
});
