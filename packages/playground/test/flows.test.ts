// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fixtureConnection } from '../src/fixtures/connection.js';
import { fixtureState } from '../src/fixtures/state.js';
import { FLOWS, type Vars } from '../src/flows/definitions.js';
import { runStep } from '../src/flows/run.js';

async function runFlow(id: string): Promise<{ vars: Vars; notes: string[] }> {
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
  return { vars, notes };
}

describe('guided TPP flows against the engine', () => {
  it('consent → SCA on the bank pages → accounts and transactions', async () => {
    const { vars } = await runFlow('consent');
    expect(vars.psuId).toMatch(/^[0-9a-f-]{36}$/);
    expect(vars.accountId).toBeTruthy();
  });

  it('payment → SCA → clock → batch → settled (ACSC)', async () => {
    const { vars } = await runFlow('payment');
    expect(vars.status).toBe('ACSC');
  });

  it('two payments signed together in one basket (ACTC)', async () => {
    const { vars } = await runFlow('basket');
    expect(vars.basketStatus).toBe('ACTC');
  });
});
