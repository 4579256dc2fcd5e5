// part 5.1 rule 1: the signed Date (or X-Date, for browsers) is within 60 s of the bank clock.
import { describe, expect, it } from 'vitest';
import { formatHttpDate, parseHttpDate } from '../../src/security/index.js';
import { presetIdentity, signRequest } from '../../src/tpp/index.js';
import { failure, tamper, verifyRequest } from './support.js';

const identity = await presetIdentity('both');
const now = Math.floor(Date.now() / 1000) * 1000;
const request = () => new Request('http://localhost/v1/accounts', { headers: { 'PSU-ID': 'p1' } });
const options = { now };

async function signedAt(at: number, date: 'date' | 'x-date' = 'date') {
  return signRequest(request(), identity, { now: at, date });
}

describe('the date window', () => {
  it('accepts a Date 60 s either side of the bank clock', async () => {
    expect((await verifyRequest(await signedAt(now - 60_000), { now })).ok).toBe(true);
    expect((await verifyRequest(await signedAt(now + 60_000), { now })).ok).toBe(true);
  });

  it('rejects a stale Date, saying how far off it is', async () => {
    const verdict = failure(await verifyRequest(await signedAt(now - 74_000), options));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Date' });
    expect(verdict.text).toContain('Date is 74 s off the bank clock (limit 60 s)');
    expect(verdict.text).toContain('behind the bank clock');
  });

  it('rejects a Date from the future', async () => {
    const verdict = failure(await verifyRequest(await signedAt(now + 90_000), options));
    expect(verdict.text).toContain('Date is 90 s off the bank clock (limit 60 s)');
    expect(verdict.text).toContain('ahead of the bank clock');
  });

  it('checks X-Date the same way', async () => {
    const verdict = failure(await verifyRequest(await signedAt(now - 61_000, 'x-date'), options));
    expect(verdict).toMatchObject({ header: 'X-Date' });
    expect(verdict.text).toContain('X-Date is 61 s off the bank clock (limit 60 s)');
  });

  it('asks browsers for X-Date when neither Date nor X-Date is sent', async () => {
    const signed = await signRequest(request(), identity, { now, headers: ['x-request-id', 'psu-id'] });
    const verdict = failure(await verifyRequest(await tamper(signed, { Date: null }), options));
    expect(verdict).toMatchObject({ code: 'HTTP_HEADER_REQUIRED', header: 'Date' });
    expect(verdict.text).toContain('send X-Date with the same RFC 7231 value and sign it as x-date');
  });

  it('rejects a Date that is not an RFC 7231 date', async () => {
    const signed = await signedAt(now);
    const verdict = failure(
      await verifyRequest(await tamper(signed, { Date: '2025-12-02T12:00:00Z' }), options),
    );
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR', header: 'Date' });
    expect(verdict.text).toContain(`is not an RFC 7231 date such as "${formatHttpDate(now)}"`);
  });
});

describe('a Date and an X-Date together', () => {
  const twoHoursAgo = formatHttpDate(now - 2 * 3_600_000);

  it('refuses a stale unsigned Date beside a signed X-Date, saying it is not signed', async () => {
    const signed = await signedAt(now, 'x-date');
    const verdict = failure(await verifyRequest(await tamper(signed, { Date: twoHoursAgo }), options));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Date' });
    expect(verdict.text).toContain('Date (not signed, but sent beside the signed date) is 7200 s off');
  });

  it('refuses a stale unsigned X-Date beside a signed Date', async () => {
    const signed = await signedAt(now, 'date');
    const verdict = failure(await verifyRequest(await tamper(signed, { 'X-Date': twoHoursAgo }), options));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'X-Date' });
  });

  it('refuses an unsigned Date that is not a date', async () => {
    const signed = await signedAt(now, 'x-date');
    const verdict = failure(await verifyRequest(await tamper(signed, { Date: 'yesterday' }), options));
    expect(verdict).toMatchObject({ code: 'FORMAT_ERROR', header: 'Date' });
  });

  it('checks both when both are signed', async () => {
    const both = new Request(request(), { headers: { 'PSU-ID': 'p1', 'X-Date': twoHoursAgo } });
    const stale = await signRequest(both, identity, {
      now,
      headers: ['date', 'x-date', 'x-request-id', 'psu-id'],
    });
    const verdict = failure(await verifyRequest(stale, options));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'X-Date' });
    expect(verdict.text).toMatch(/^X-Date is 7200 s off/);
  });

  it('accepts both inside the window, the unsigned one included', async () => {
    const signed = await signedAt(now, 'x-date');
    const fresh = await tamper(signed, { Date: formatHttpDate(now - 30_000) });
    expect((await verifyRequest(fresh, options)).ok).toBe(true);
  });
});

describe('HTTP dates (RFC 7231 §7.1.1.1)', () => {
  it('are written as IMF-fixdate', () => {
    expect(formatHttpDate(Date.UTC(1994, 10, 6, 8, 49, 37))).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
  });

  it.each([
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT'],
    ['RFC 850', 'Sunday, 06-Nov-94 08:49:37 GMT'],
    ['asctime', 'Sun Nov  6 08:49:37 1994'],
  ])('are read in the %s form', (_form, text) => {
    expect(parseHttpDate(text)).toBe(Date.UTC(1994, 10, 6, 8, 49, 37));
  });

  it.each(['06 Nov 1994 08:49:37 GMT', 'Sun, 31 Feb 1994 08:49:37 GMT', 'Sun, 06 Nov 1994 25:00:00 GMT', ''])(
    'reject %j',
    (text) => {
      expect(parseHttpDate(text)).toBeNull();
    },
  );
});
