// The kit's presets, signed with signRequest and checked by the bank's verifier. Imported through the
// package entry the README shows (@sandbank/engine/tpp).
import {
  type IdentityPreset,
  presetIdentity,
  SANDBOX_TEST_CA_PEM,
  signRequest,
  type TppIdentity,
} from '@sandbank/engine/tpp';
import { describe, expect, it } from 'vitest';
import { verifyRequest } from '../security/support.js';

const signedGet = async (identity: TppIdentity) =>
  signRequest(
    new Request('http://localhost/v1/accounts', { headers: { 'PSU-ID': '13039319955' } }),
    identity,
  );

describe('presetIdentity + signRequest', () => {
  it.each([
    ['aisp', ['PSP_AI'], 'PSDNO-FSA-920123457'],
    ['pisp', ['PSP_PI'], 'PSDNO-FSA-987654325'],
    ['both', ['PSP_AI', 'PSP_PI'], 'PSDNO-FSA-933012867'],
    ['no-roles', [], 'PSDNO-FSA-911223341'],
  ] as const)('%s verifies with roles %j', async (preset, roles, organisationId) => {
    const verdict = await verifyRequest(await signedGet(await presetIdentity(preset)), {
      trustAnchors: [SANDBOX_TEST_CA_PEM],
    });
    expect(verdict).toMatchObject({
      ok: true,
      tpp: { roles, organisationId, ncaId: roles.length ? 'NO-FSA' : null },
    });
  });

  it('expired is rejected as CERTIFICATE_EXPIRED', async () => {
    const verdict = await verifyRequest(await signedGet(await presetIdentity('expired')));
    expect(verdict).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });

  it('wrong-ca verifies in the sandbox profile and fails against the sandbox CA', async () => {
    const signed = await signedGet(await presetIdentity('wrong-ca'));
    expect(await verifyRequest(signed)).toMatchObject({ ok: true, tpp: { roles: ['PSP_AI', 'PSP_PI'] } });
    expect(await verifyRequest(signed, { trustAnchors: [SANDBOX_TEST_CA_PEM] })).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
    });
  });

  it('caches each preset: asking twice gives the same identity', async () => {
    expect(await presetIdentity('aisp')).toBe(await presetIdentity('aisp'));
  });

  it('takes a validity for a preset', async () => {
    const validFrom = Date.UTC(2030, 0, 1);
    const validTo = Date.UTC(2031, 0, 1);
    const identity = await presetIdentity('pisp', { validFrom, validTo });
    expect(identity.tpp).toMatchObject({ notBefore: validFrom, notAfter: validTo, roles: ['PSP_PI'] });
  });

  it('gives a preset one stored key, whatever validity is asked for, and each preset its own', async () => {
    const both = (await presetIdentity('both')).certificate.spki;
    const later = await presetIdentity('both', {
      validFrom: Date.UTC(2031, 0, 1),
      validTo: Date.UTC(2032, 0, 1),
    });
    expect(later.certificate.spki).toEqual(both);
    // A new certificate for the same key: another validity, and so another serial and keyId.
    expect(later.keyId).not.toBe((await presetIdentity('both')).keyId);
    expect((await presetIdentity('aisp')).certificate.spki).not.toEqual(both);
    expect((await presetIdentity('wrong-ca')).certificate.spki).not.toEqual(both);
  });

  it('rejects an unknown preset', async () => {
    await expect(presetIdentity('bank' as IdentityPreset)).rejects.toThrow('unknown identity preset "bank"');
  });
});
