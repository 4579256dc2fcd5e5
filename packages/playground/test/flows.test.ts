// @vitest-environment jsdom
import { basketById, basketStatusOf, consentRenewalDue, paymentById, type State } from '@sandbank/engine';
import { describe, expect, it } from 'vitest';
import {
  basketHistory,
  consentStanding,
  consentsNewestFirst,
  psuName,
  sessionStanding,
  sessionsNewestFirst,
} from '../src/derive/activity.js';
import { fixtureConnection } from '../src/fixtures/connection.js';
import { FIXTURE_NOW, fixtureState } from '../src/fixtures/state.js';
import { FLOWS, type Vars } from '../src/flows/definitions.js';
import { runStep } from '../src/flows/run.js';

async function runFlow(id: string): Promise<{ vars: Vars; notes: string[]; state: State }> {
  const flow = FLOWS.find((f) => f.id === id)!;
  const connection = fixtureConnection();
  let vars = flow.init(fixtureState);
  const notes: string[] = [];
  for (const step of flow.steps) {
    const outcome = await runStep(connection, step, vars);
    notes.push(`${step.title}: ${outcome.note}`);
    if (!outcome.ok) throw new Error(notes.join('\n'));
    vars = outcome.vars;
  }
  return { vars, notes, state: await connection.getState() };
}

describe('guided TPP flows against the engine', () => {
  it('consent → SCA on the bank pages → accounts and transactions', async () => {
    const { vars, state } = await runFlow('consent');
    expect(vars.psuId).toMatch(/^[0-9a-f-]{36}$/);
    expect(vars.accountId).toBeTruthy();
    // The views read the engine's consent and session as the flow left them.
    const [consent] = consentsNewestFirst(state);
    expect(psuName(state, consent!.nationalId)).toMatch(/\(13039319955\)$/);
    expect(consent!.accountIds).toContain(vars.accountId);
    expect(consentRenewalDue(consent!) - FIXTURE_NOW).toBe(180 * 86_400_000);
    expect(consentStanding(consent!, FIXTURE_NOW)).toEqual({ label: 'valid', live: true });
    const sessions = sessionsNewestFirst(state);
    expect(sessions.map((s) => s.sessionId)).toEqual(['playground-ais-1']);
    expect(sessionStanding(sessions[0]!, FIXTURE_NOW)).toBe('live');
  });

  it('payment → SCA → clock → batch → settled (ACSC)', async () => {
    const { vars, state } = await runFlow('payment');
    expect(vars.status).toBe('ACSC');
    const payment = paymentById(state, vars.paymentId!);
    expect(payment?.instructions[0]?.instructedAmount).toEqual({ amount: '250.00', currency: 'NOK' });
    expect(payment?.statusHistory.map((h) => h.status).at(0)).toBe('RCVD');
    expect(payment?.statusHistory.map((h) => h.status).at(-1)).toBe('ACSC');
  });

  it('two payments signed together in one basket (ACTC)', async () => {
    const { vars, state } = await runFlow('basket');
    expect(vars.basketStatus).toBe('ACTC');
    const basket = basketById(state, vars.basketId!)!;
    expect(basketStatusOf(state, basket)).toBe('ACTC');
    expect(basket.paymentIds).toEqual([vars.paymentA, vars.paymentB]);
    // One SCA for both: never partly authorised. (On the fixture's frozen clock every step happens at
    // the same instant, so the history is that one status.)
    expect(basketHistory(state, basket).map((h) => h.status)).toEqual(['ACTC']);
  });
});
