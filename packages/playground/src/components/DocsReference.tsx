import {
  type AutoSignIdentity,
  mountReference,
  type SandbankReference,
  type ScaCallback,
} from '@sandbank/service-worker/docs';
import { useEffect, useId, useRef, useState } from 'react';
import 'swagger-ui-dist/swagger-ui.css';

const IDENTITIES: { id: AutoSignIdentity; label: string }[] = [
  { id: 'aisp', label: 'AISP (account information)' },
  { id: 'pisp', label: 'PISP (payment initiation)' },
  { id: 'both', label: 'AISP and PISP' },
];

/** Swagger UI pointed at the worker's `/_sandbank/openapi.json`; Try it is signed as the TPP the reader picks. */
export default function DocsReference() {
  const element = useRef<HTMLDivElement>(null);
  const reference = useRef<SandbankReference | null>(null);
  const [identity, setIdentity] = useState<AutoSignIdentity>('both');
  const [callback, setCallback] = useState<ScaCallback | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const name = useId();
  useEffect(() => {
    const target = element.current;
    if (target === null) return;
    let cancelled = false;
    mountReference({ element: target, identity: 'both', onScaCallback: setCallback }).then(
      (mounted) => {
        if (cancelled) mounted.unmount();
        else reference.current = mounted;
      },
      (error: unknown) => {
        console.error('[sandbank playground] the API reference could not be shown', error);
        setProblem(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
      reference.current?.unmount();
      reference.current = null;
    };
  }, []);
  const choose = (next: AutoSignIdentity) => {
    setIdentity(next);
    reference.current?.setIdentity(next);
  };
  return (
    <section className="docs-page" aria-label="API reference">
      <fieldset className="row">
        <legend>Try it signs as</legend>
        {IDENTITIES.map((option) => (
          <label key={option.id}>
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={identity === option.id}
              onChange={() => choose(option.id)}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
      <p className="muted small">
        Try it sends each request to the bank in this browser’s service worker, which signs it as the test TPP
        above (the Requests tab shows it, marked “signed by the sandbox for you”). An answer with an SCA link
        opens the bank’s page in a popup; once the PSU is through, Try it sends the psu-id it got as PSU-ID.
      </p>
      {callback ? (
        <p role="status" className="small">
          {callback.error
            ? `SCA failed: ${callback.error.code ?? ''} ${callback.error.message ?? ''}`
            : `SCA done: PSU-ID ${callback.psuId ?? '(none)'}${callback.context ? `, ${callback.context}` : ''}`}
        </p>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <div ref={element} className="docs-reference" />
    </section>
  );
}
