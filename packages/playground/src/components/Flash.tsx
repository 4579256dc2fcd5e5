import { type ReactNode, useRef } from 'react';

/** Highlights its content briefly whenever `value` changes, so a balance moving under a request is seen. */
export function Flash({ value, children }: { value: string; children: ReactNode }) {
  const previous = useRef(value);
  const changes = useRef(0);
  if (previous.current !== value) {
    previous.current = value;
    changes.current += 1;
  }
  return (
    <span key={changes.current} className={changes.current > 0 ? 'flash' : undefined}>
      {children}
    </span>
  );
}
