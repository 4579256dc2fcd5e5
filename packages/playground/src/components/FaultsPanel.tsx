import { type FaultRule, SCENARIOS, type State } from '@sandbank/engine';
import { useId, useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

const EXAMPLE_RULE = JSON.stringify(
  { match: { operation: 'listAccounts' }, effect: { status: 503, code: 'SYSTEM_ERROR' }, times: 1 },
  null,
  2,
);

/** One line for a rule's match or effect: `key=value` pairs, nested values as JSON. */
function summary(value: object): string {
  const parts = Object.entries(value).map(
    ([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`,
  );
  return parts.length === 0 ? 'every /v1 call' : parts.join(' ');
}

function usage(rule: FaultRule): string {
  return rule.times === null ? `fired ${rule.fired}×` : `fired ${rule.fired} of ${rule.times}`;
}

/**
 * The bank's bad days on purpose (docs/faults.md): apply a named scenario, add a rule as JSON, see
 * the rules with their counters and remove them. Requests a rule answered are marked in the log.
 */
export function FaultsPanel({ state }: { state: State }) {
  const connection = useConnection();
  const { send, result, pending } = useApiCall(connection);
  const [draft, setDraft] = useState(EXAMPLE_RULE);
  const [note, setNote] = useState('');
  const draftId = useId();
  // A bank from before fault rules has none.
  const rules: FaultRule[] = state.faults?.rules ?? [];

  const apply = async (name: string) => {
    const r = await send({ method: 'POST', path: `/_sandbank/scenarios/${encodeURIComponent(name)}` });
    setNote(r?.status === 201 ? `Scenario ${name} applied.` : '');
  };
  const add = async () => {
    let body: unknown;
    try {
      body = JSON.parse(draft);
    } catch (error) {
      setNote(`The rule is not valid JSON: ${(error as Error).message}`);
      return;
    }
    const r = await send({ method: 'POST', path: '/_sandbank/faults', body });
    setNote(r?.status === 201 ? `Rule ${(r.body as FaultRule).id} added.` : '');
  };
  const remove = async (id: string) => {
    const r = await send({ method: 'DELETE', path: `/_sandbank/faults/${encodeURIComponent(id)}` });
    setNote(r?.status === 204 ? `Rule ${id} removed.` : '');
  };
  const clear = async () => {
    const r = await send({ method: 'DELETE', path: '/_sandbank/faults' });
    setNote(r?.status === 204 ? 'Every rule removed.' : '');
  };

  return (
    <section className="faults-panel" aria-label="Faults">
      <h2>Scenarios</h2>
      <ul className="scenarios">
        {SCENARIOS.map((s) => (
          <li key={s.name}>
            <button
              type="button"
              disabled={pending}
              onClick={() => apply(s.name)}
              aria-label={`Apply ${s.name}`}
            >
              Apply
            </button>{' '}
            <code>{s.name}</code> <span className="muted small">{s.description}</span>
          </li>
        ))}
      </ul>
      <h2>Rules</h2>
      {rules.length === 0 ? (
        <p className="muted">No fault rules: the bank answers as usual.</p>
      ) : (
        <>
          <ul className="fault-rules" aria-label="Fault rules">
            {rules.map((rule) => (
              <li key={rule.id}>
                <strong className="mono">{rule.id}</strong>{' '}
                <span className="mono small">{summary(rule.match)}</span> →{' '}
                <span className="mono small">{summary(rule.effect)}</span>{' '}
                <span className="muted small">
                  {usage(rule)}
                  {rule.until === null ? '' : `, until ${rule.until}`}
                  {rule.scenario === null ? '' : `, from ${rule.scenario}`}
                </span>{' '}
                <button
                  type="button"
                  disabled={pending}
                  onClick={() => remove(rule.id)}
                  aria-label={`Remove ${rule.id}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" disabled={pending} onClick={clear}>
            Remove every rule
          </button>
        </>
      )}
      <h2>Add a rule</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label htmlFor={draftId}>Rule (JSON: match, effect, times, until)</label>
        <textarea
          id={draftId}
          className="mono"
          rows={6}
          value={draft}
          spellCheck={false}
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="row">
          <button type="submit" disabled={pending}>
            Add rule
          </button>
        </div>
      </form>
      <p role="status" className="muted small status-line">
        {note}
      </p>
      {result && result.status >= 400 ? <TppMessages messages={readTppMessages(result.body)} /> : null}
    </section>
  );
}
