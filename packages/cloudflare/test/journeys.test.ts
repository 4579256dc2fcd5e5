import { getPage, KARI, REDIRECT_URI, startConsent, submit } from '@sandbank/test-support/ais';
import { exportState, hostedBank, runtime } from '@sandbank/test-support/hosted';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountInformationJourney, paymentJourney } from '../../../test/journeys/flows.js';
import type { LocalRuntime } from '../src/local.js';

// The account-information and payment journeys of the engine (test/journeys), run against hosted banks
// in workerd over plain HTTP: signed requests, the SCA pages as a PSU's browser walks them (no token),
// the redirect to the TPP, the bank clock moved past a batch, the payment settled.

let rt: LocalRuntime;
beforeAll(async () => {
  rt = await runtime();
});
afterAll(async () => {
  await rt?.stop();
});

describe('a hosted bank in workerd', () => {
  it('takes a TPP through consent, SCA, accounts and transactions', async () => {
    const bank = await hostedBank(rt);
    await accountInformationJourney(bank.sandbox);
  });

  it('takes a payment to settlement while another bank stays untouched', async () => {
    const other = await hostedBank(rt);
    const untouched = await exportState(other);
    const bank = await hostedBank(rt);
    await paymentJourney(bank.sandbox);
    expect(await exportState(other)).toEqual(untouched);
  });

  it('serves the SCA pages over HTTP below the bank, to a browser without any token', async () => {
    const bank = await hostedBank(rt);
    const href = await startConsent(bank.sandbox);
    expect(href.startsWith(`${bank.baseUrl}/_sandbank/sca/`)).toBe(true);
    const page = await fetch(href);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(`action="${new URL(href).pathname}"`);
    expect(html).toContain('name="nationalIdentityNumber"');
    // A browser posts the form: the answer is the next page, still below the bank.
    const signedIn = await submit(bank.sandbox, href, await getPage(bank.sandbox, href), {
      nationalIdentityNumber: KARI,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.form?.action).toBe(new URL(href).pathname);
    // Cancelling ends at the TPP with the failure callback (part 5.3).
    const cancelled = await submit(bank.sandbox, href, signedIn, {}, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.location?.startsWith(REDIRECT_URI)).toBe(true);
  });

  it('serves the consent overview page below the bank', async () => {
    const bank = await hostedBank(rt);
    const page = await fetch(`${bank.baseUrl}/_sandbank/consents`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`action="/t/${bank.id}/_sandbank/consents"`);
  });

  it('serves a bank with its own base path', async () => {
    const bank = await hostedBank(rt, { basePath: '/psd2/v1' });
    const answer = await fetch(`${bank.baseUrl}/psd2/v1/accounts`, { headers: { 'x-request-id': 'r-1' } });
    const body = (await answer.json()) as { tppMessages: Array<{ code: string; path?: string }> };
    // Reached the API (it asks for a signature), not a missing route.
    expect(answer.status).toBe(400);
    expect(body.tppMessages[0]).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', path: 'Signature' });
    const old = await fetch(`${bank.baseUrl}/v1/accounts`, { headers: { 'x-request-id': 'r-2' } });
    expect(old.status).toBe(404);
  });
});
