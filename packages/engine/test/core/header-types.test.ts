import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

const cases: Array<[header: string, bad: string, good: string]> = [
  ['PSU-ID', 'not-a-uuid', '3f1c2a9e-5b6d-4e7f-8a9b-0c1d2e3f4a5b'],
  ['PSU-Device-ID', '12345', '99391c7e-ad88-49ec-a2ad-99ddcb1f7721'],
  ['PSU-Context', 'BUSINESS', 'CORPORATE'],
  ['PSU-HTTP-Method', 'FETCH', 'PATCH'],
  ['TPP-Redirect-Preferred', 'no', 'false'],
  ['Date', '2026-03-02 10:00:00', 'Mon, 02 Mar 2026 10:00:00 GMT'],
  ['X-Date', 'Mon, 31 Feb 2026 10:00:00 GMT', 'Mon, 02 Mar 2026 10:00:00 GMT'],
  ['TPP-Redirect-URI', 'not a url', 'https://tpp.example/callback'],
  ['PSU-IP-Address', '300.1.1.1', '192.168.8.78'],
  ['PSU-IP-Port', '70000', '443'],
  ['PSU-Geo-Location', 'Oslo', 'GEO:59.91;10.75'],
  ['X-PSU-IDENTITY', '12345678901', '13039319955'],
];

describe('part 4.1 header types', () => {
  for (const [header, bad, good] of cases) {
    it(`rejects a malformed ${header} with 400 FORMAT_ERROR naming it`, async () => {
      const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
        headers: { [header]: bad },
      });
      expect(answer.status).toBe(400);
      const [message] = messages(answer);
      expect(message?.code).toBe('FORMAT_ERROR');
      expect(message?.path).toBe(header);
      expect(message?.text).toContain(header);
    });

    it(`accepts a well-formed ${header}`, async () => {
      const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
        headers: { [header]: good },
      });
      expect(answer.status).toBe(204);
    });
  }

  // The last redirect URI and the last date read are kept with their verdicts (core/headers.ts,
  // core/http-date.ts): a TPP sends the same ones request after request.
  it.each([
    ['TPP-Redirect-URI', 'not a url', 'https://tpp.example/callback'],
    ['Date', 'Mon, 31 Feb 2026 10:00:00 GMT', 'Mon, 02 Mar 2026 10:00:00 GMT'],
  ])('judges each %s afresh, whatever one came before it', async (header, bad, good) => {
    const sb = fixedSandbox();
    const statuses: number[] = [];
    for (const value of [good, bad, bad, good, good, bad]) {
      const answer = await call(sb, 'POST', '/v1/sandbox/initialize', { headers: { [header]: value } });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([204, 400, 400, 204, 204, 400]);
  });

  it('accepts an IPv6 PSU-IP-Address', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'PSU-IP-Address': '2001:db8::1' },
    });
    expect(answer.status).toBe(204);
  });
});
