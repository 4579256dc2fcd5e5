import { accountList, cardAccountList } from '@sandbank/engine';
import { consent, type Psu } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';
import { Journey } from './journey.js';

/**
 * Who may read what (part 1: a private PSU sees its own accounts, a corporate PSU only what its
 * agreement grants; part 5.2 rule 3: the TPP sees only consented accounts). Written out from the
 * seed's published holdings (docs/platform-facts.md §4), not derived from engine code: accounts by BBAN,
 * card accounts by masked PAN, agreements by name.
 */
const HOLDINGS = {
  '13039319955': {
    context: 'PRIVATE',
    accounts: ['97101009223', '97101056345'],
    cards: ['5412xxxxxxxx4321'],
    agreements: [],
  },
  '12085592767': {
    context: 'PRIVATE',
    accounts: ['97101056485', '97101080564'],
    cards: ['4925xxxxxxxx8765'],
    agreements: [],
  },
  '18129215603': {
    context: 'CORPORATE',
    accounts: ['97101127013', '97101157869'],
    cards: [],
    agreements: ['Fjordlys Bakeri AS – nettbank bedrift'],
  },
  '20079518612': {
    context: 'CORPORATE',
    accounts: ['97101175484', '97101221834'],
    cards: [],
    agreements: ['Nordkapp Rørlegger AS – nettbank bedrift'],
  },
} as const satisfies Record<
  string,
  {
    context: 'PRIVATE' | 'CORPORATE';
    accounts: readonly string[];
    cards: readonly string[];
    agreements: readonly string[];
  }
>;

type NationalId = keyof typeof HOLDINGS;
const PSUS = Object.keys(HOLDINGS) as NationalId[];
const ALL_ACCOUNTS = PSUS.flatMap((p) => HOLDINGS[p].accounts as readonly string[]);
const ALL_CARDS = PSUS.flatMap((p) => HOLDINGS[p].cards as readonly string[]);
const ALL_AGREEMENTS = PSUS.flatMap((p) => HOLDINGS[p].agreements as readonly string[]);

const IP = { 'psu-ip-address': '192.0.2.10' };

interface World {
  journey: Journey;
  psus: Map<NationalId, Psu>;
  /** BBAN → resource id, and one booked transaction id of the account. */
  accounts: Map<string, { id: string; transactionId: string }>;
  /** masked PAN → resource id. */
  cards: Map<string, string>;
  /** agreement name → the psu-corporate-id its owner was given. */
  corporateIds: Map<string, string>;
}

/** Every PSU consents to all its accounts under its own TPP session. */
async function world(): Promise<World> {
  const journey = new Journey();
  const state = journey.sandbox.getState();
  const accounts = new Map<string, { id: string; transactionId: string }>();
  for (const account of accountList(state)) {
    const booked = (state.transactions[account.id] ?? []).flat().find((t) => t.status === 'booked');
    if (booked === undefined) throw new Error(`no booked transaction on ${account.bban}`);
    accounts.set(account.bban, { id: account.id, transactionId: booked.transactionId });
  }
  const cards = new Map(cardAccountList(state).map((c) => [c.maskedPan, c.id]));
  expect([...accounts.keys()].sort()).toEqual([...ALL_ACCOUNTS].sort());
  expect([...cards.keys()].sort()).toEqual([...ALL_CARDS].sort());
  const psus = new Map<NationalId, Psu>();
  const corporateIds = new Map<string, string>();
  for (const nationalId of PSUS) {
    const { context, agreements } = HOLDINGS[nationalId];
    const psu = await consent(
      journey.sandbox,
      { nationalId, context, accounts: 'all' },
      `session-${nationalId}`,
    );
    psus.set(nationalId, { ...psu, headers: { ...psu.headers, ...IP } });
    const [agreement] = agreements;
    if (agreement !== undefined && psu.corporateId !== undefined)
      corporateIds.set(agreement, psu.corporateId);
  }
  expect([...corporateIds.keys()].sort()).toEqual([...ALL_AGREEMENTS].sort());
  return { journey, psus, accounts, cards, corporateIds };
}

function headersOf(w: World, nationalId: NationalId): Record<string, string> {
  const psu = w.psus.get(nationalId);
  if (psu === undefined) throw new Error(`no consent for ${nationalId}`);
  return psu.headers;
}

function refused(status: number): boolean {
  return status === 403 || status === 404;
}

describe('the access-control matrix', () => {
  it('gives every PSU its own accounts and refuses everyone else’s, for every account operation', async () => {
    const w = await world();
    const outcomes: string[] = [];
    for (const nationalId of PSUS) {
      const headers = headersOf(w, nationalId);
      const own = new Set<string>(HOLDINGS[nationalId].accounts);
      const listed = await w.journey.call('GET', '/v1/accounts', { headers });
      expect(listed.body.accounts.map((a: { bban: string }) => a.bban).sort(), nationalId).toEqual(
        [...own].sort(),
      );
      for (const bban of ALL_ACCOUNTS) {
        const { id, transactionId } = w.accounts.get(bban) ?? { id: '', transactionId: '' };
        for (const path of [
          `/v1/accounts/${id}`,
          `/v1/accounts/${id}?withBalance=true`,
          `/v1/accounts/${id}/balances`,
          `/v1/accounts/${id}/transactions?bookingStatus=both`,
          `/v1/accounts/${id}/transactions/${transactionId}`,
        ]) {
          const answer = await w.journey.call('GET', path, { headers });
          const ok = own.has(bban) ? answer.status === 200 : refused(answer.status);
          if (!ok) outcomes.push(`${nationalId} ${bban} ${path} → ${answer.status}`);
          if (!own.has(bban)) {
            expect(JSON.stringify(answer.body)).not.toContain(bban);
          }
        }
      }
    }
    expect(outcomes).toEqual([]);
    w.journey.expectConformance();
  });

  it('gives every PSU its own card accounts and refuses everyone else’s, for every card operation', async () => {
    const w = await world();
    const outcomes: string[] = [];
    for (const nationalId of PSUS) {
      const headers = headersOf(w, nationalId);
      const own = new Set<string>(HOLDINGS[nationalId].cards);
      const listed = await w.journey.call('GET', '/v1/card-accounts', { headers });
      expect(
        listed.body.cardAccounts.map((c: { maskedPan: string }) => c.maskedPan).sort(),
        nationalId,
      ).toEqual([...own].sort());
      for (const pan of ALL_CARDS) {
        const id = w.cards.get(pan) ?? '';
        for (const path of [
          `/v1/card-accounts/${id}`,
          `/v1/card-accounts/${id}/balances`,
          `/v1/card-accounts/${id}/transactions?bookingStatus=both`,
        ]) {
          const answer = await w.journey.call('GET', path, { headers });
          const ok = own.has(pan) ? answer.status === 200 : refused(answer.status);
          if (!ok) outcomes.push(`${nationalId} ${pan} ${path} → ${answer.status}`);
          if (!own.has(pan)) expect(JSON.stringify(answer.body)).not.toContain(pan);
        }
      }
    }
    expect(outcomes).toEqual([]);
    w.journey.expectConformance();
  });

  it('lists each PSU’s own agreements only and refuses another PSU’s agreement as PSU-Corporate-ID', async () => {
    const w = await world();
    const outcomes: string[] = [];
    for (const nationalId of PSUS) {
      const headers = headersOf(w, nationalId);
      const own = new Set<string>(HOLDINGS[nationalId].agreements);
      const { 'psu-corporate-id': _, ...withoutAgreement } = headers;
      const listed = await w.journey.call('GET', '/v1/agreements', { headers: withoutAgreement });
      expect(listed.status).toBe(200);
      expect(listed.body.agreements.map((a: { name: string }) => a.name).sort(), nationalId).toEqual(
        [...own].sort(),
      );
      for (const name of ALL_AGREEMENTS) {
        const corporateId = w.corporateIds.get(name) ?? '';
        const answer = await w.journey.call('GET', '/v1/accounts', {
          headers: { ...withoutAgreement, 'psu-corporate-id': corporateId },
        });
        if (own.has(name)) {
          if (answer.status !== 200) outcomes.push(`${nationalId} ${name} → ${answer.status}`);
        } else {
          if (answer.status !== 400 && answer.status !== 401)
            outcomes.push(`${nationalId} ${name} → ${answer.status}`);
          expect(answer.body.accounts).toBeUndefined();
        }
      }
    }
    expect(outcomes).toEqual([]);
    w.journey.expectConformance();
  });

  it('refuses a PSU that gave no consent every account, card and agreement', async () => {
    const w = await world();
    const fresh = new Journey();
    for (const nationalId of PSUS) {
      const headers = headersOf(w, nationalId);
      // The same psu-ids (stable per PSU and TPP, part 5.3) in a sandbox where no one consented.
      const answer = await fresh.call('GET', '/v1/accounts', { headers });
      expect(answer.status, nationalId).toBe(401);
    }
    fresh.expectConformance(['GET /accounts 401']);
  });
});
