import type { State } from '@sandbank/engine';
import { useBankNow } from '../bank/hooks.js';
import { BasketList } from './BasketList.js';
import { ConsentList } from './ConsentList.js';
import { PaymentList } from './PaymentList.js';
import { SessionList } from './SessionList.js';

/** Consents, sessions, payments and signing baskets, read from the engine's typed slices. */
export function ActivityView({ state, fixedNow }: { state: State; fixedNow?: number }) {
  // Expiries are shown to the minute: a tick every 15 s is enough.
  const ticking = useBankNow(state.clock.offsetMs, 15_000);
  const now = fixedNow ?? ticking;
  return (
    <div className="activity">
      <ConsentList state={state} now={now} />
      <SessionList state={state} now={now} />
      <PaymentList state={state} />
      <BasketList state={state} />
    </div>
  );
}
