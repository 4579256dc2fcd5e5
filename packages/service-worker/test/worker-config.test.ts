import { describe, expect, test } from 'vitest';
import { readWorkerConfig, writeWorkerConfig } from '../src/protocol.js';

describe("the worker's options in its script URL", () => {
  test('require signatures by default, like the engine', () => {
    const config = readWorkerConfig(writeWorkerConfig({}));
    expect(config).toMatchObject({
      signatures: 'required',
      signResponses: false,
      clockSkew: 'bank-or-source',
      registeredTpps: undefined,
    });
  });

  test('carry signatures off, signed responses and the registered TPPs to the worker', () => {
    const registeredTpps = [
      { organisationId: 'PSDNO-FSA-933012867', name: 'Test TPP', roles: ['PSP_AI' as const] },
    ];
    const search = writeWorkerConfig({
      signatures: 'off',
      signResponses: true,
      clockSkew: 'bank-only',
      registeredTpps,
      maxBodyBytes: 64 * 1024 * 1024,
      compactIdleMs: 3_600_000,
    });
    expect(readWorkerConfig(new URLSearchParams(search.toString()))).toMatchObject({
      signatures: 'off',
      signResponses: true,
      clockSkew: 'bank-only',
      registeredTpps,
      maxBodyBytes: 64 * 1024 * 1024,
      compactIdleMs: 3_600_000,
    });
  });

  test('follow the part 9 dates by default and carry the legacy x-accept-fix defaults to the worker', () => {
    expect(readWorkerConfig(writeWorkerConfig({})).acceptFixDefaults).toBe('bank-clock');
    const search = writeWorkerConfig({ acceptFixDefaults: 'legacy' });
    expect(readWorkerConfig(new URLSearchParams(search.toString())).acceptFixDefaults).toBe('legacy');
    expect(readWorkerConfig(new URLSearchParams('acceptFixDefaults=LEGACY')).acceptFixDefaults).toBe(
      'bank-clock',
    );
  });

  test('keep the check on when the value is not exactly off', () => {
    expect(readWorkerConfig(new URLSearchParams('signatures=OFF')).signatures).toBe('required');
    expect(readWorkerConfig(new URLSearchParams('registeredTpps=%7B')).registeredTpps).toBeUndefined();
  });

  test('carry the auto-signing identity, and never into the production profile', () => {
    expect(readWorkerConfig(writeWorkerConfig({ autoSign: 'pisp' })).autoSign).toBe('pisp');
    expect(readWorkerConfig(writeWorkerConfig({})).autoSign).toBeUndefined();
    // A hand-made URL cannot switch it on where every signature must be the TPP's own (part 5.1).
    expect(
      readWorkerConfig(new URLSearchParams('profile=production&autoSign=both')).autoSign,
    ).toBeUndefined();
    expect(readWorkerConfig(new URLSearchParams('autoSign=admin')).autoSign).toBeUndefined();
  });
});
