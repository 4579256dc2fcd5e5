import type { Draft } from 'immer';
import type { RequestContext } from '../core/context.js';
import type { Authorisation, State } from '../core/state.js';

// What an area gives the SCA pages for each kind of authorisation: the areas implement it and the
// table in outcomes.ts collects them, so the areas never import the table.

export interface ScaOutcome {
  /** HTML fragment describing what the PSU approves (dynamic linking: amount, creditor) — escaped text only. */
  describe(state: State, authorisation: Authorisation): string;
  /** PSU approved: apply the effect (e.g. payment → ACTC / accepted). May throw apiError to fail the SCA. */
  approve(draft: Draft<State>, authorisation: Authorisation, psu: ScaPsu, ctx: RequestContext): void;
  /** PSU cancelled or failed. */
  cancel(draft: Draft<State>, authorisation: Authorisation, ctx: RequestContext): void;
}

export interface ScaPsu {
  /** UUID per PSU and TPP (part 5.3). */
  psuId: string;
  nationalId: string;
  context: 'PRIVATE' | 'CORPORATE';
  corporateId?: string;
  /** When the PSU was authenticated: the approval's time, or the TPP session's SCA it rests on. */
  scaAt?: number;
}
