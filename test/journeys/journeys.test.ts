import { createSandbox } from '@sandbank/engine';
import { api, START } from '@sandbank/test-support/ais';
import { signing, TEST_TPP_REGISTRATION } from '@sandbank/test-support/signing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type HttpBank, startHttpBank } from './bank.js';
import { accountInformationJourney, paymentJourney } from './flows.js';

describe('journeys through sandbox.fetch', () => {
  const bank = () => signing(createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION] }));

  it('account information: consent → SCA pages → redirect → accounts → balances → transactions → details', async () => {
    await accountInformationJourney(bank());
  });

  it('payment: create → SCA pages → accepted → clock past a batch → ACSC, booked on both accounts', async () => {
    await paymentJourney(bank());
  });
});

describe('journeys over real HTTP (pnpm serve)', () => {
  let http: HttpBank;
  beforeAll(async () => {
    http = await startHttpBank();
  });
  afterAll(async () => {
    await http.stop();
  });

  it('account information, signed, over HTTP', async () => {
    await accountInformationJourney(signing(http.sandbox));
  });

  it('payment to settlement, signed, over HTTP', async () => {
    const sb = signing(http.sandbox);
    await api(sb, 'POST', '/_sandbank/reset');
    // The server runs on the machine's clock: on a Friday night (or the last minute of a year) the
    // payment would move to the next banking day and not be settled two days later.
    await api(sb, 'POST', '/_sandbank/clock', { body: { set: new Date(START).toISOString() } });
    await paymentJourney(sb);
  });
});
