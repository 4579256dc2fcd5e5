/** A body as the network panel shows it: JSON pretty-printed, text as is, empty as a dash. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value, null, 2);
  return (
    <pre className="json" title={label}>
      {text === '' ? <span className="muted">(empty)</span> : text}
    </pre>
  );
}
