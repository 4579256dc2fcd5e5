import { accountList } from '@sandbank/engine';
import { call, fixedSandbox } from '@sandbank/test-support/http';
import { describe, expect, it } from 'vitest';

async function run(seed: string): Promise<string[]> {
  const sandbox = fixedSandbox({ seed });
  const out: string[] = [];
  for (const [method, path] of [
    ['POST', '/v1/sandbox/initialize'],
    ['GET', '/_sandbank/state'],
    ['GET', '/v1/unknown'],
  ] as const) {
    out.push((await call(sandbox, method, path, { headers: { 'x-request-id': 'fixed' } })).text);
  }
  return out;
}

describe('determinism', () => {
  it('gives byte-identical answers for the same requests from the same seed', async () => {
    expect(await run('same')).toEqual(await run('same'));
  });

  it('gives other ids for another seed', async () => {
    const [, a] = await run('one');
    const [, b] = await run('two');
    expect(a).not.toBe(b);
  });

  it('shapes resource ids like the platform (enc!!…==), URL-safe', () => {
    const ids = accountList(fixedSandbox().getState()).map((a) => a.id);
    for (const id of ids) expect(id).toMatch(/^enc!![A-Za-z0-9_-]{38}==$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
