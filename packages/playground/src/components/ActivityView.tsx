import type { State } from '@sandbank/engine';
import { useMemo } from 'react';
import { readExtensions } from '../bank/extensions.js';
import { useBankNow } from '../bank/hooks.js';
import { BasketList } from './BasketList.js';
import { ConsentList } from './ConsentList.js';
import { PaymentList } from './PaymentList.js';
import { SessionList } from './SessionList.js';

/** Consents, sessions, payments and baskets: each shown once the engine's state carries the slice. */
export function ActivityView({ state, fixedNow }: { state: State; fixedNow?: number }) {
  // Expiries are shown to the minute: a tick every 15 s is enough.
  const ticking = useBankNow(state.clock.offsetMs, 15_000);
  const now = fixedNow ?? ticking;
  const ext = useMemo(() => readExtensions(state), [state]);
  const none = !ext.consents && !ext.sessions && !ext.payments && !ext.baskets;
  return (
    <div className="activity">
      {none ? (
        <p className="muted">
          This engine keeps no consents, sessions, payments or signing baskets yet. They appear here as soon
          as its state carries them.
        </p>
      ) : null}
      {ext.consents ? (
        <ConsentList
          consents={ext.consents}
          accounts={state.accounts}
          cardAccounts={state.cardAccounts}
          now={now}
        />
      ) : null}
      {ext.sessions ? <SessionList sessions={ext.sessions} now={now} /> : null}
      {ext.payments ? <PaymentList payments={ext.payments} /> : null}
      {ext.baskets ? <BasketList baskets={ext.baskets} payments={ext.payments} /> : null}
    </div>
  );
}
