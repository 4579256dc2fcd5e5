import type { State } from '@sandbank/engine';
import { useState } from 'react';
import { useConnection } from '../bank/hooks.js';
import { signingAvailable } from '../bank/sign.js';
import { FLOWS, type Flow, type Vars } from '../flows/definitions.js';
import { runStep, type StepOutcome } from '../flows/run.js';
import { JsonView } from './JsonView.js';
import { StatusBadge } from './StatusBadge.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

function StepPanel({
  index,
  flow,
  outcome,
  current,
}: {
  index: number;
  flow: Flow;
  outcome: StepOutcome | undefined;
  current: boolean;
}) {
  const step = flow.steps[index];
  if (!step) return null;
  const state = outcome ? (outcome.ok ? 'done' : 'failed') : current ? 'next' : 'waiting';
  return (
    <li className={`flow-step step-${state}`} aria-current={current ? 'step' : undefined}>
      <h4>
        <span className="step-number">{index + 1}</span> {step.title} <span className="tag">{state}</span>
      </h4>
      <p className="muted small">{step.explain}</p>
      {outcome ? (
        <>
          <p className="small" role={outcome.ok ? undefined : 'alert'}>
            {outcome.note}
          </p>
          {outcome.exchanges.map((x, i) => (
            <details key={x.seq} open={!outcome.ok && i === outcome.exchanges.length - 1}>
              <summary>
                <StatusBadge status={x.status} /> <span className="mono">{x.method}</span>{' '}
                <span className="mono ellipsis">{x.path}</span>
                {x.redirectedTo ? <span className="muted small"> → redirected</span> : null}
              </summary>
              {x.redirectedTo ? (
                <p className="small">
                  The browser followed the bank&apos;s redirect to{' '}
                  <code className="wrap-anywhere">{x.redirectedTo}</code>; the status is the landing
                  page&apos;s.
                </p>
              ) : null}
              <TppMessages messages={readTppMessages(x.responseBody)} />
              <h5>Request headers</h5>
              <JsonView value={x.requestHeaders} label="Request headers" />
              <h5>Request body</h5>
              <JsonView value={x.requestBody} label="Request body" />
              <h5>Response body</h5>
              <JsonView value={x.responseBody} label="Response body" />
            </details>
          ))}
        </>
      ) : null}
    </li>
  );
}

/** The guided TPP flows: each step shows the request it sends and the bank's answer. */
export function FlowRunner({
  state,
  initialFlow = 'consent',
}: {
  state: State | null;
  initialFlow?: string;
}) {
  const connection = useConnection();
  const [flowId, setFlowId] = useState(initialFlow);
  const flow = FLOWS.find((f) => f.id === flowId) ?? FLOWS[0]!;
  const [outcomes, setOutcomes] = useState<StepOutcome[]>([]);
  const [vars, setVars] = useState<Vars>(() => flow.init(state));
  const [running, setRunning] = useState(false);
  const next = outcomes.length;
  const blocked = outcomes.at(-1)?.ok === false;
  const finished = next >= flow.steps.length;

  const restart = (id: string) => {
    const chosen = FLOWS.find((f) => f.id === id) ?? FLOWS[0]!;
    setFlowId(chosen.id);
    setOutcomes([]);
    setVars(chosen.init(state));
  };

  const runNext = async (all: boolean, from: StepOutcome[] = outcomes) => {
    setRunning(true);
    let currentVars = vars;
    let done = [...from];
    try {
      while (done.length < flow.steps.length) {
        const step = flow.steps[done.length]!;
        const outcome = await runStep(connection, step, currentVars);
        done = [...done, outcome];
        currentVars = outcome.vars;
        setOutcomes(done);
        setVars(currentVars);
        if (!outcome.ok || !all) break;
      }
    } finally {
      setRunning(false);
    }
  };

  return (
    <section className="flows" aria-label="Guided TPP flows">
      <fieldset className="segmented">
        <legend className="visually-hidden">Flow</legend>
        {FLOWS.map((f) => (
          <button key={f.id} type="button" aria-pressed={f.id === flow.id} onClick={() => restart(f.id)}>
            {f.title}
          </button>
        ))}
      </fieldset>
      <p>{flow.summary}</p>
      <p className="muted small">
        {signingAvailable()
          ? "Requests are signed with the playground's generated test identity."
          : 'Requests are sent unsigned: this engine does not check signatures yet.'}
      </p>
      <div className="row">
        <button type="button" disabled={running || blocked || finished} onClick={() => runNext(false)}>
          Run next step
        </button>
        <button type="button" disabled={running || blocked || finished} onClick={() => runNext(true)}>
          Run all
        </button>
        <button
          type="button"
          disabled={running || !blocked}
          onClick={() => runNext(false, outcomes.slice(0, -1))}
        >
          Retry the failed step
        </button>
        <button type="button" disabled={running} onClick={() => restart(flow.id)}>
          Start over
        </button>
        <span role="status" className="muted small">
          {running ? 'Running…' : finished ? 'Flow complete.' : blocked ? 'Stopped at a failed step.' : ''}
        </span>
      </div>
      <ol className="flow-steps">
        {flow.steps.map((step, i) => (
          <StepPanel
            key={`${flow.id}-${step.title}`}
            index={i}
            flow={flow}
            outcome={outcomes[i]}
            current={i === next}
          />
        ))}
      </ol>
      <h4>Values carried between steps</h4>
      <JsonView value={vars} label="Flow values" />
    </section>
  );
}
