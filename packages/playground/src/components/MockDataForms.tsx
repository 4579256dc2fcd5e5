import type { State } from '@sandbank/engine';
import { useState } from 'react';
import { MOCK_DATA_OPERATIONS } from '../forms/operations.js';
import { ApiForm } from './ApiForm.js';

/**
 * The sandbox mock-data API (parts 2.7–2.10, 4.2 items 6–12): one form per operation of the route
 * table that takes a body, its fields from the operation's request schema.
 */
export function MockDataForms({
  state,
  initial = 'Customer',
  now,
}: {
  state: State | null;
  /** The title of the form shown first. */
  initial?: string;
  /** Bank time the examples are dated by (default: the page clock plus the bank's offset). */
  now?: number;
}) {
  const [active, setActive] = useState(initial);
  const operation = MOCK_DATA_OPERATIONS.find((op) => op.title === active) ?? MOCK_DATA_OPERATIONS[0];
  return (
    <section className="mock-forms" aria-label="Mock-data API">
      <fieldset className="segmented">
        <legend className="visually-hidden">Resource</legend>
        {MOCK_DATA_OPERATIONS.map((op) => (
          <button
            key={op.key}
            type="button"
            aria-pressed={op.key === operation?.key}
            onClick={() => setActive(op.title)}
          >
            {op.title}
          </button>
        ))}
      </fieldset>
      {operation ? (
        <ApiForm
          key={operation.key}
          operation={operation}
          state={state}
          {...(now === undefined ? {} : { now })}
        />
      ) : null}
    </section>
  );
}
