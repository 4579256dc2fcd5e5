import type { RequestLogEntry } from '@sandbank/engine';

type Signature = RequestLogEntry['signature'];

const VERDICT: Record<Signature['verdict'], { tone: string; text: string }> = {
  verified: { tone: 'ok', text: 'signature verified' },
  rejected: { tone: 'bad', text: 'signature rejected' },
  unchecked: { tone: 'info', text: 'not checked' },
};

/**
 * How the bank checked a request's signature (part 5.1), step by step as the engine recorded it:
 * each step passed (✓) or stopped the check (✗), with what it found or expected.
 */
export function SignatureSteps({ signature }: { signature: Signature }) {
  const verdict = VERDICT[signature.verdict];
  return (
    <section className="signature" aria-label="Signature check">
      <h4>
        Signature <span className={`status status-${verdict.tone}`}>{verdict.text}</span>
      </h4>
      {signature.steps.length === 0 ? (
        <p className="muted small">
          {signature.verdict === 'unchecked'
            ? 'This request was not signature-checked (control plane, SCA pages, or signatures off).'
            : 'No steps were recorded.'}
        </p>
      ) : (
        <ol className="signature-steps">
          {signature.steps.map((step) => (
            <li key={step.step} className={step.ok ? 'step-ok' : 'step-bad'}>
              <span className="step-mark" role="img" aria-label={step.ok ? 'passed' : 'failed'}>
                {step.ok ? '✓' : '✗'}
              </span>
              <strong>{step.step}</strong>
              <span className="muted small step-detail">{step.detail}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
