import { call, fixedSandbox, messages } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

describe('x-accept-fix (part 9)', () => {
  it('accepts the known fixes, comma-separated with spaces', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'x-accept-fix': 'amount-as-string, longer-names,cash-account-type-iso' },
    });
    expect(answer.status).toBe(204);
  });

  it('rejects an unknown fix, listing the known ones', async () => {
    const answer = await call(fixedSandbox(), 'POST', '/v1/sandbox/initialize', {
      headers: { 'x-accept-fix': 'amount-as-string,amounts-as-strings' },
    });
    expect(answer.status).toBe(400);
    expect(messages(answer)[0]).toMatchObject({ code: 'FORMAT_ERROR', path: 'x-accept-fix' });
    expect(messages(answer)[0]?.text).toContain('amounts-as-strings');
    expect(messages(answer)[0]?.text).toContain('cardaccount-switch-originalamount-and-transactionamount');
  });
});
