import type { State } from '@sandbank/engine';
import { useEffect } from 'react';
import { useBankNow } from '../bank/hooks.js';
import { linkFromHash } from '../derive/state-tree.js';
import { BasketList } from './BasketList.js';
import { ConsentList } from './ConsentList.js';
import { PaymentList } from './PaymentList.js';
import { SessionList } from './SessionList.js';

/** Consents, sessions, payments and signing baskets, read from the engine's typed slices. */
export function ActivityView({ state, fixedNow }: { state: State; fixedNow?: number }) {
  // Expiries are shown to the minute: a tick every 15 s is enough.
  const ticking = useBankNow(state.clock.offsetMs, 15_000);
  const now = fixedNow ?? ticking;
  // An address such as #/activity/payment/{id} (a link in the state tree) brings that item into view.
  useEffect(() => {
    const link = typeof location === 'undefined' ? null : linkFromHash(location.hash);
    if (link?.kind !== 'payment' && link?.kind !== 'consent') return;
    const target =
      link.kind === 'payment'
        ? [...document.querySelectorAll('article[aria-label]')].find(
            (element) => element.getAttribute('aria-label') === `Payment ${link.id}`,
          )
        : [...document.querySelectorAll('td')].find((cell) => cell.textContent === link.id);
    target?.scrollIntoView?.({ block: 'center' });
  }, []);
  return (
    <div className="activity">
      <ConsentList state={state} now={now} />
      <SessionList state={state} now={now} />
      <PaymentList state={state} />
      <BasketList state={state} />
    </div>
  );
}
