import { createSandbox, type SandboxOptions } from '@sandbank/engine';
import { describe, expect, it } from 'vitest';

// SandboxOptions.streamBodies (the service worker's setting): the same answers, their bodies made
// as a stream of the bytes rather than as text.

const NOW = Date.parse('2026-03-02T10:00:00Z');

async function answers(options: SandboxOptions, target: string, init?: RequestInit) {
  const sandbox = createSandbox({ now: () => NOW, ...options });
  const answer = await sandbox.fetch(new Request(`https://bank.example${target}`, init));
  return {
    status: answer.status,
    headers: [...answer.headers],
    bytes: new Uint8Array(await answer.arrayBuffer()),
  };
}

const TARGETS: Array<[string, string, RequestInit?]> = [
  ['a control-plane read', '/_sandbank/clock'],
  ['an error', '/v1/no-such-thing'],
  ['an unsigned API call', '/v1/accounts'],
  ['the state export, with non-ASCII names', '/_sandbank/state'],
  ['a body-less answer', '/_sandbank/faults', { method: 'DELETE' }],
];

describe('answers with their bodies as streams', () => {
  for (const [what, target, init] of TARGETS) {
    it(`are the same status, headers and bytes as text answers: ${what}`, async () => {
      const text = await answers({}, target, init);
      const streamed = await answers({ streamBodies: true }, target, init);
      expect(streamed).toEqual(text);
      expect(text.status).not.toBe(500);
    });
  }

  it('carry the signed bytes when responses are signed (part 5.1 rule 10)', async () => {
    const text = await answers({ signResponses: true }, '/_sandbank/clock');
    const streamed = await answers({ signResponses: true, streamBodies: true }, '/_sandbank/clock');
    expect(streamed).toEqual(text);
    expect(new Map(streamed.headers).has('digest')).toBe(true);
  });
});
