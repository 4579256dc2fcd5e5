// Ready-made TPP identities for tests and prototypes, created once per preset and validity, each with
// its own stored key (preset-keys.ts): the same key in every process, and no key generation. With the
// presets' own validity, the certificate is a stored one too (preset-certificates.ts).
import { type CertificateAuthority, issueCertificateAuthority } from './certificate-authority.js';
import { issueTppIdentity } from './create-tpp-identity.js';
import { identityFromKeyPair } from './identity-from-certificate.js';
import { PRESET_CERTIFICATES } from './preset-certificates.js';
import type { PresetKeyName } from './preset-key-names.js';
import { presetKeyPair } from './preset-key-pair.js';
import type { CreateTppIdentityOptions, TppIdentity } from './tpp-identity.js';

export type IdentityPreset = 'aisp' | 'pisp' | 'both' | 'expired' | 'no-roles' | 'wrong-ca';

export interface PresetOptions {
  validFrom?: Date | number;
  validTo?: Date | number;
  subtle?: SubtleCrypto;
}

/** Organisation numbers pass the Norwegian MOD11 check (weights 3,2,7,6,5,4,3,2). */
const PRESETS: Record<IdentityPreset, Omit<CreateTppIdentityOptions, 'issuer' | 'subtle'>> = {
  aisp: { roles: ['PSP_AI'], organisationId: 'PSDNO-FSA-920123457', name: 'Sandbank Test AISP AS' },
  pisp: { roles: ['PSP_PI'], organisationId: 'PSDNO-FSA-987654325', name: 'Sandbank Test PISP AS' },
  both: { roles: ['PSP_AI', 'PSP_PI'], organisationId: 'PSDNO-FSA-933012867', name: 'Sandbank Test TPP AS' },
  expired: {
    roles: ['PSP_AI', 'PSP_PI'],
    organisationId: 'PSDNO-FSA-998877660',
    name: 'Sandbank Expired TPP AS',
  },
  'no-roles': { roles: [], organisationId: 'PSDNO-FSA-911223341', name: 'Sandbank No-Roles AS' },
  'wrong-ca': {
    roles: ['PSP_AI', 'PSP_PI'],
    organisationId: 'PSDNO-FSA-970000003',
    name: 'Sandbank Wrong-CA TPP AS',
  },
};

/** Every preset's name. */
export const IDENTITY_PRESETS = Object.keys(PRESETS) as IdentityPreset[];

/** Presets are valid from 2020 through 2049 (UTCTime's last year, RFC 5280 §4.1.2.5). */
export const PRESET_VALID_FROM = Date.UTC(2020, 0, 1);
export const PRESET_VALID_TO = Date.UTC(2049, 11, 31, 23, 59, 59);

const identities = new Map<string, Promise<TppIdentity>>();
let untrustedCa: Promise<CertificateAuthority> | undefined;

/** 'expired' ended in 2019; 'wrong-ca' is issued by an untrusted throwaway CA. */
export function presetIdentity(preset: IdentityPreset, options: PresetOptions = {}): Promise<TppIdentity> {
  if (PRESETS[preset] === undefined)
    return Promise.reject(new TypeError(`unknown identity preset "${preset}"`));
  const key = JSON.stringify([preset, options.validFrom, options.validTo]);
  let identity = identities.get(key);
  if (identity === undefined || options.subtle !== undefined) {
    identity =
      options.validFrom === undefined && options.validTo === undefined
        ? storedIdentity(preset, PRESET_CERTIFICATES[preset], options.subtle ?? globalThis.crypto.subtle)
        : issuePreset(preset, options);
    if (options.subtle === undefined) identities.set(key, identity);
    identity.catch(() => identities.delete(key));
  }
  return identity;
}

/**
 * A stored key with its stored certificate (a preset with its own validity, the bank's identity),
 * issued once by scripts/make-preset-certificates.ts with `issuePreset` or `issueBankIdentity`.
 * Issuing a preset in each process cost a test file 44-47 ms before its first request (the CA read,
 * the certificate built and signed, parsed back and probed with a signature); the stored one takes
 * 20-23 ms, most of it the process's first certificate parse, which the bank's first request then
 * skips (docs/benchmarks.md, "Session 25"). The pair is known to match: no probe.
 */
export async function storedIdentity(
  name: PresetKeyName,
  certificate: string,
  subtle: SubtleCrypto,
): Promise<TppIdentity> {
  return identityFromKeyPair(certificate, await presetKeyPair(name, subtle), subtle);
}

/** A preset's certificate issued now, for its stored key: with another validity, or to store one. */
export async function issuePreset(preset: IdentityPreset, options: PresetOptions = {}): Promise<TppIdentity> {
  const base = PRESETS[preset];
  // Fixed validity, not relative to the real clock: a sandbox's bank clock may be set to any day
  // from 2020 on, and a preset must be valid (or, 'expired', invalid) whatever it says.
  const request: CreateTppIdentityOptions = {
    ...base,
    validFrom: PRESET_VALID_FROM,
    validTo: PRESET_VALID_TO,
  };
  if (preset === 'expired') {
    request.validFrom = Date.UTC(2018, 0, 1);
    request.validTo = Date.UTC(2019, 11, 31, 23, 59, 59);
  }
  if (options.validFrom !== undefined) request.validFrom = options.validFrom;
  if (options.validTo !== undefined) request.validTo = options.validTo;
  if (options.subtle !== undefined) request.subtle = options.subtle;
  if (preset === 'wrong-ca') {
    untrustedCa ??= presetKeyPair('untrusted-ca', globalThis.crypto.subtle).then((keys) =>
      issueCertificateAuthority({ commonName: 'Untrusted Test CA', organisation: 'Nobody Trusts Us' }, keys),
    );
    request.issuer = await untrustedCa;
  }
  return issueTppIdentity(request, await presetKeyPair(preset, options.subtle ?? globalThis.crypto.subtle));
}
