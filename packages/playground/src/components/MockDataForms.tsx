import type { State } from '@sandbank/engine';
import { useState } from 'react';
import { FORM_SPECS } from '../forms/specs.js';
import { ApiForm } from './ApiForm.js';

/** The sandbox mock-data API (parts 2.7–2.10, 4.2 items 6–12): one form per resource. */
export function MockDataForms({ state, initial = 'customer' }: { state: State | null; initial?: string }) {
  const [active, setActive] = useState(initial);
  const spec = FORM_SPECS.find((s) => s.id === active) ?? FORM_SPECS[0];
  return (
    <section className="mock-forms" aria-label="Mock-data API">
      <fieldset className="segmented">
        <legend className="visually-hidden">Resource</legend>
        {FORM_SPECS.map((s) => (
          <button key={s.id} type="button" aria-pressed={s.id === spec?.id} onClick={() => setActive(s.id)}>
            {s.title}
          </button>
        ))}
      </fieldset>
      {spec ? <ApiForm key={spec.id} spec={spec} state={state} /> : null}
    </section>
  );
}
