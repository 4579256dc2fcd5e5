import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BalancePoint } from '../derive/balance-series.js';
import { formatAmount } from '../derive/money.js';

/** Booked balance at the end of each booking day. Fixed height so the page does not jump. */
export function BalanceChart({ points, currency }: { points: readonly BalancePoint[]; currency: string }) {
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="chart">
      <div className="chart-box">
        {points.length < 2 ? (
          <p className="muted">Not enough booked transactions to draw the balance over time.</p>
        ) : (
          <ResponsiveContainer
            width="100%"
            height="100%"
            minWidth={0}
            initialDimension={{ width: 600, height: 220 }}
          >
            <LineChart data={points as BalancePoint[]} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--grid)" />
              <XAxis dataKey="date" minTickGap={40} tick={{ fontSize: 12 }} />
              <YAxis width={80} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(_v, _n, item) => formatAmount(String(item.payload.exact), currency)} />
              <Line
                type="stepAfter"
                dataKey="balance"
                stroke="var(--accent)"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </div>
      <figcaption className="muted">
        {first && last && points.length >= 2
          ? `Booked balance from ${first.date} (${formatAmount(first.exact, currency)}) to ${last.date} (${formatAmount(last.exact, currency)}).`
          : 'Booked balance over time.'}
      </figcaption>
    </figure>
  );
}
