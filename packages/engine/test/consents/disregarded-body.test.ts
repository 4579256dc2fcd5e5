import { authorisationList } from '@sandbank/engine';
import { ORIGIN, REDIRECT_URI, START, sandbox } from '@sandbank/test-support/ais';
import { describe, expect, it } from 'vitest';

/** part 4.2 item 12: bank-offered consent creation disregards its body, whatever it holds. */
const BODIES: Array<[string, BodyInit, string | null]> = [
  ['an empty text body (a proxy forwarding nothing as text/plain)', '', 'text/plain'],
  ['plain text', 'hello', 'text/plain; charset=iso-8859-1'],
  ['XML', '<consent><access/></consent>', 'application/xml'],
  ['broken JSON declared as JSON', '{"access": ', 'application/json'],
  ['bytes that are not UTF-8', new Uint8Array([0xc3, 0x28, 0xff, 0xfe]), 'application/octet-stream'],
  [
    'a Berlin Group consent body',
    JSON.stringify({ access: { accounts: [] }, recurringIndicator: true }),
    'application/json',
  ],
  ['no Content-Type at all', 'x=1', null],
];

async function post(path: string, now: number, body: BodyInit, type: string | null) {
  const sb = sandbox({ now: () => now });
  const headers = new Headers({
    'x-request-id': 'r1',
    'tpp-redirect-uri': REDIRECT_URI,
    'tpp-session-id': 's1',
  });
  if (type !== null) headers.set('content-type', type);
  const request = new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body });
  if (type === null) request.headers.delete('content-type');
  const response = await sb.fetch(request);
  return { sb, status: response.status, body: await response.json() };
}

// POST /v1/consents is removed from 2024-12-05 on (part 9 rule 3): before that, by the bank clock, it
// still exists and disregards its body the same way.
const BEFORE_REMOVAL = Date.parse('2024-06-03T10:00:00Z');
describe.each([
  ['/v1/bank-offered-consents', START],
  ['/v1/consents', BEFORE_REMOVAL],
])('POST %s disregards its body', (path, now) => {
  it.each(BODIES)('with %s: 201 and an SCA redirect', async (_what, body, type) => {
    const answer = await post(path, now, body, type);
    expect(answer.status).toBe(201);
    expect(answer.body._links.scaRedirect.href).toContain('/_sandbank/sca/');
    expect(authorisationList(answer.sb.getState())).toHaveLength(1);
  });
});
