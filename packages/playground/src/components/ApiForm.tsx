import type { State, TppMessage } from '@sandbank/engine';
import { useId, useMemo, useState } from 'react';
import { useApiCall, useConnection } from '../bank/hooks.js';
import { type ApiOperation, exampleFor, pathWith } from '../forms/operations.js';
import { bodyOf, type Field, fieldFor, fieldsOf, valuesOf } from '../forms/schema.js';
import { JsonView } from './JsonView.js';
import { StatusBadge } from './StatusBadge.js';
import { readTppMessages, TppMessages } from './TppMessages.js';

function messagesByField(fields: readonly Field[], messages: readonly TppMessage[]) {
  const byField = new Map<string, TppMessage[]>();
  const general: TppMessage[] = [];
  for (const message of messages) {
    const field = fieldFor(fields, message.path);
    if (field) byField.set(field.path, [...(byField.get(field.path) ?? []), message]);
    else general.push(message);
  }
  return { byField, general };
}

/** The form's starting point: the operation's example for this bank (path parameters and body). */
function start(operation: ApiOperation, state: State | null, now: number) {
  const example = state === null ? null : exampleFor(operation, { state, now });
  const fields = (operation.schema && fieldsOf(operation.schema, example?.body)) ?? [];
  const params = Object.fromEntries(
    [...operation.pattern.matchAll(/:(\w+)/g)].map((m) => [
      m[1] as string,
      example?.params[m[1] as string] ?? '',
    ]),
  );
  return { fields, params, values: valuesOf(fields, example?.body) };
}

function FieldInput({
  field,
  id,
  value,
  errors,
  onChange,
}: {
  field: Field;
  id: string;
  value: string;
  errors: readonly TppMessage[];
  onChange: (value: string) => void;
}) {
  const common = {
    id,
    name: field.path,
    value,
    'aria-invalid': errors.length > 0 ? true : undefined,
    'aria-describedby': [`${id}-hint`, errors.length > 0 ? `${id}-error` : ''].filter(Boolean).join(' '),
  };
  // An optional choice can be left out of the body; a required one only until something is chosen.
  const options = field.required && value !== '' ? field.options : ['', ...field.options];
  return (
    <div className={`field ${errors.length > 0 ? 'invalid' : ''}`}>
      <label htmlFor={id} className="mono">
        {field.path}
      </label>
      {field.kind === 'select' ? (
        <select {...common} onChange={(e) => onChange(e.target.value)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o === '' ? '(not sent)' : o}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.kind === 'date' ? 'date' : 'text'}
          inputMode={
            field.kind === 'amount' || field.kind === 'number' || field.kind === 'integer'
              ? 'decimal'
              : undefined
          }
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <span id={`${id}-hint`} className="hint">
        {field.hint}
      </span>
      {errors.length > 0 ? (
        <span id={`${id}-error`} className="field-error" role="alert">
          {errors.map((m) => m.text ?? m.code).join(' ')}
        </span>
      ) : null}
    </div>
  );
}

/**
 * One operation as a form generated from its request schema, filled with an example that the bank
 * accepts; sends the request and shows each tppMessage next to the field its `path` names.
 */
export function ApiForm({
  operation,
  state,
  now,
}: {
  operation: ApiOperation;
  state: State | null;
  now?: number;
}) {
  const connection = useConnection();
  const { send, result, error, pending } = useApiCall(connection);
  const fresh = () => start(operation, state, now ?? Date.now() + (state?.clock.offsetMs ?? 0));
  const [{ fields, params, values }, setForm] = useState(fresh);
  const setParam = (name: string, value: string) =>
    setForm((form) => ({ ...form, params: { ...form.params, [name]: value } }));
  const setValue = (path: string, value: string) =>
    setForm((form) => ({ ...form, values: { ...form.values, [path]: value } }));
  const formId = useId();
  const messages = useMemo(() => readTppMessages(result?.body), [result]);
  const { byField, general } = useMemo(() => messagesByField(fields, messages), [fields, messages]);
  const path = pathWith(operation.pattern, params);
  const submit = () => send({ method: operation.method, path, body: bodyOf(fields, values) });
  return (
    <form
      className="api-form"
      aria-label={`${operation.title} form`}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="mono small muted">
        {operation.method} {path}
      </p>
      <div className="fields">
        {Object.keys(params).map((name) => (
          <div key={name} className="field">
            <label htmlFor={`${formId}-param-${name}`} className="mono">
              {`{${name}}`}
            </label>
            <input
              id={`${formId}-param-${name}`}
              value={params[name] ?? ''}
              aria-describedby={`${formId}-param-${name}-hint`}
              onChange={(e) => setParam(name, e.target.value)}
            />
            <span id={`${formId}-param-${name}-hint`} className="hint">
              path parameter
            </span>
          </div>
        ))}
        {fields.map((field) => (
          <FieldInput
            key={field.path}
            field={field}
            id={`${formId}-${field.path}`}
            value={values[field.path] ?? ''}
            errors={byField.get(field.path) ?? []}
            onChange={(value) => setValue(field.path, value)}
          />
        ))}
      </div>
      <div className="row">
        <button type="submit" disabled={pending}>
          Send
        </button>
        {/* A fresh example from the bank as it is now (the last one's customer number may be taken). */}
        <button type="button" onClick={() => setForm(fresh())}>
          New example
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
          <JsonView value={result.body} label={`${operation.title} response body`} />
        </details>
      ) : null}
    </form>
  );
}
