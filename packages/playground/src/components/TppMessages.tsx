import type { TppMessage } from '@sandbank/engine';

export function readTppMessages(body: unknown): TppMessage[] {
  if (body === null || typeof body !== 'object' || !('tppMessages' in body)) return [];
  const messages = (body as { tppMessages: unknown }).tppMessages;
  return Array.isArray(messages) ? (messages as TppMessage[]) : [];
}

/** The engine's `tppMessages`: one line per message, its field path first. */
export function TppMessages({ messages }: { messages: readonly TppMessage[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="tpp-messages" aria-label="Messages from the bank">
      {messages.map((m) => (
        <li
          key={`${m.code}|${m.path ?? ''}|${m.text ?? ''}`}
          className={m.category === 'WARNING' ? 'warning' : 'error'}
        >
          <span className="badge">{m.category}</span> <code>{m.code}</code>
          {m.path ? (
            <>
              {' '}
              at <code>{m.path}</code>
            </>
          ) : null}
          {m.text ? `: ${m.text}` : null}
        </li>
      ))}
    </ul>
  );
}
