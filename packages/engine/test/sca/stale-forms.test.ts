// A form of the SCA pages names the step it was shown for. Sent again later (a double click, the
// back button and a resubmit), it changes nothing: the PSU sees the page of the step the
// authorisation is at, and only that page's own form moves it on.
import { authorisationById } from '@sandbank/engine';
import { consent, controls, getPage, KARI, sandbox, startConsent, submit } from '@sandbank/test-support/ais';
import { createPayment, ndctBody, newSandbox, state } from '@sandbank/test-support/payments';
import { TEST_TPP } from '@sandbank/test-support/signing';
import { describe, expect, it } from 'vitest';
import { paymentById } from '../../src/core/records.js';
import { psuIdFor } from '../../src/sca/psu.js';

const idOf = (href: string) => href.split('/').pop() ?? '';

describe('a form sent again for a step already passed', () => {
  it('does not approve a payment: the sign-in sent twice shows the confirmation again', async () => {
    const sb = newSandbox();
    const s = await state(sb);
    const created = await createPayment(sb, ndctBody(s), {
      headers: { 'psu-id': psuIdFor(s, KARI, TEST_TPP) },
    });
    const href = created.body._links.scaRedirect.href;
    const login = await getPage(sb, href);
    expect(controls(login, 'step')[0]?.value).toBe('identify');
    const confirm = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(controls(confirm, 'step')[0]?.value).toBe('confirm');

    const again = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(again.status).toBe(409);
    expect(again.location).toBeNull();
    expect(controls(again, 'step')[0]?.value).toBe('confirm');
    expect(paymentById(sb.getState(), created.body.paymentId)?.transactionStatus).toBe('RCVD');
    // The confirmation's own form still approves.
    const ended = await submit(sb, href, again);
    expect(ended.status).toBe(303);
    expect(paymentById(sb.getState(), created.body.paymentId)?.transactionStatus).toBe('ACCP');
  });

  it('does not revoke a consent: a sign-in has no account boxes, and is not the consent screen', async () => {
    const sb = sandbox();
    const psu = await consent(sb, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
    const before = await sb.fetch(new Request('https://bank.example/_sandbank/state'));
    const granted = JSON.stringify((await before.json()).consents);
    const href = await startConsent(sb, { 'tpp-session-id': 'session-2' });
    const login = await getPage(sb, href);
    const confirm = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(controls(confirm, 'accounts').every((box) => box.checked)).toBe(true);

    const again = await submit(sb, href, login, { nationalIdentityNumber: KARI });
    expect(again.status).toBe(409);
    expect(authorisationById(sb.getState(), idOf(href))?.status).not.toBe('finalised');
    const after = await sb.fetch(new Request('https://bank.example/_sandbank/state'));
    expect(JSON.stringify((await after.json()).consents)).toBe(granted);
    expect(psu.psuId).toBe(psuIdFor(sb.getState(), KARI, TEST_TPP));
  });
});
