import type { State, TppMessage } from '@sandbank/engine';
import { useId, useMemo, useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { type FormSpec, initialValues, normaliseMessagePath, type Values } from '../forms/specs.js';
import { JsonView } from './JsonView.js';
import { StatusBadge } from './StatusBadge.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

function messagesByField(spec: FormSpec, messages: readonly TppMessage[]) {
  const byField = new Map<string, TppMessage[]>();
  const general: TppMessage[] = [];
  for (const message of messages) {
    const path = message.path === undefined ? '' : normaliseMessagePath(message.path);
    const field = spec.fields.find(
      (f) =>
        path !== '' &&
        (path === f.bodyPath || path.startsWith(`${f.bodyPath}.`) || path.startsWith(`${f.bodyPath}[`)),
    );
    if (field) byField.set(field.name, [...(byField.get(field.name) ?? []), message]);
    else general.push(message);
  }
  return { byField, general };
}

/** One mock-data API operation as a form: sends the request and shows tppMessages next to their fields. */
export function ApiForm({ spec, state }: { spec: FormSpec; state: State | null }) {
  const connection = useConnection();
  const { send, result, error, pending } = useApiCall(connection);
  const [values, setValues] = useState<Values>(() => initialValues(spec, state));
  const formId = useId();
  const messages = useMemo(() => readTppMessages(result?.body), [result]);
  const { byField, general } = useMemo(() => messagesByField(spec, messages), [spec, messages]);
  const submit = () => send({ method: spec.method, path: spec.path(values), body: spec.body(values) });
  return (
    <form
      className="api-form"
      aria-label={`${spec.title} form`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="mono small muted">
        {spec.method} {spec.path(values)}
      </p>
      <div className="fields">
        {spec.fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const errors = byField.get(field.name) ?? [];
          const describedBy = [field.hint ? `${id}-hint` : '', errors.length > 0 ? `${id}-error` : '']
            .filter(Boolean)
            .join(' ');
          const common = {
            id,
            name: field.name,
            value: values[field.name] ?? '',
            'aria-invalid': errors.length > 0 ? true : undefined,
            'aria-describedby': describedBy === '' ? undefined : describedBy,
          };
          const onChange = (e: { target: { value: string } }) =>
            setValues((current) => ({ ...current, [field.name]: e.target.value }));
          return (
            <div key={field.name} className={`field ${errors.length > 0 ? 'invalid' : ''}`}>
              <label htmlFor={id}>{field.label}</label>
              {field.type === 'select' ? (
                <select {...common} onChange={onChange}>
                  {field.options?.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={field.type === 'date' ? 'date' : 'text'}
                  inputMode={field.type === 'number' ? 'decimal' : undefined}
                  onChange={onChange}
                />
              )}
              {field.hint ? (
                <span id={`${id}-hint`} className="hint">
                  {field.hint}
                </span>
              ) : null}
              {errors.length > 0 ? (
                <span id={`${id}-error`} className="field-error" role="alert">
                  {errors.map((m) => m.text ?? m.code).join(' ')}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="row">
        <button type="submit" disabled={pending}>
          Send
        </button>
        <button type="button" onClick={() => setValues(initialValues(spec, state))}>
          Reset form
        </button>
        <span role="status" className="small">
          {pending ? 'Sending…' : result ? <StatusBadge status={result.status} /> : null}
          {error ? <span className="field-error">{error}</span> : null}
        </span>
      </div>
      <TppMessages messages={general} />
      {result && result.status < 400 && result.body !== null ? (
        <details>
          <summary>Response body</summary>
          <JsonView value={result.body} label={`${spec.title} response body`} />
        </details>
      ) : null}
    </form>
  );
}
