import { createSandbox } from '@sandbank/engine';
import { describe, expect, test } from 'vitest';
import { autoSignRefusal } from '../src/auto-sign-options.js';
import { forTryIt } from '../src/docs.js';

const NOW = Date.parse('2026-03-02T10:00:00Z');

type Parameter = { name: string; in: string; required: boolean };
type Document = { paths: Record<string, Record<string, { parameters: Parameter[] }>> };

describe('the docs embed', () => {
  test('offers Try it without the headers the worker signs with, and with every other rule of the bank', async () => {
    const sandbox = createSandbox({ now: () => NOW });
    const served = (await (
      await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'))
    ).json()) as Document;
    const offered = forTryIt(served) as Document;
    const header = (doc: Document, name: string) =>
      doc.paths['/v1/payments/{product}']?.post?.parameters.find((p) => p.in === 'header' && p.name === name);
    for (const name of ['X-Request-ID', 'Date', 'Digest']) {
      expect(header(served, name)?.required, name).toBe(true);
      expect(header(offered, name)?.required, name).toBe(false);
    }
    for (const name of [
      'x-accept-fix',
      'TPP-Session-ID',
      'TPP-Redirect-URI',
      'PSU-IP-Address',
      'PSU-Context',
    ]) {
      expect(header(offered, name)?.required, name).toBe(true);
    }
  });

  test('refuses auto-signing in the production profile and unknown identities, with the reason', () => {
    expect(autoSignRefusal('production', 'both')).toMatch(/refused in the production profile/);
    expect(autoSignRefusal('sandbox', 'admin')).toMatch(/autoSign must be one of aisp, pisp, both/);
    expect(autoSignRefusal(undefined, 'aisp')).toBeNull();
    expect(autoSignRefusal('production', undefined)).toBeNull();
  });
});
