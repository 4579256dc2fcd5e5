/** A body as the network panel shows it: JSON pretty-printed, text as is, empty as a dash. */
export function JsonView({ value, label }: { value: unknown; label: string }) {
  const text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : JSON.stringify(value, null, 2);
  return (
    // Focusable: a long body scrolls inside its box, and keyboard users must be able to scroll it (WCAG 2.1.1).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs a tab stop
    <pre className="json" title={label} tabIndex={0}>
      {text === '' ? <span className="muted">(empty)</span> : text}
    </pre>
  );
}
