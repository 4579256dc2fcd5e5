// The bank's own signing identity for signed responses (part 5.1 rule 10): an account-servicing PSP
// (PSP_AS) certificate from the sandbox test CA, for a stored key, made once per SubtleCrypto.
import { issueTppIdentity } from './create-tpp-identity.js';
import { BANK_CERTIFICATE } from './preset-certificates.js';
import { PRESET_VALID_FROM, PRESET_VALID_TO, storedIdentity } from './preset-identity.js';
import { presetKeyPair } from './preset-key-pair.js';
import type { TppIdentity } from './tpp-identity.js';

const identities = new WeakMap<SubtleCrypto, Promise<TppIdentity>>();

/**
 * The bank's identity: its stored key and stored certificate (written by
 * scripts/make-preset-certificates.ts with `issueBankIdentity`). It generated an RSA-2048 key and
 * issued a certificate in every process, and so a bank signing its responses answered its first
 * request 106-573 ms late in a fresh process (medians 200-218 ms) (docs/benchmarks.md, "Session 25").
 */
export function sandboxBankIdentity(subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<TppIdentity> {
  let identity = identities.get(subtle);
  if (identity === undefined) {
    identity = storedIdentity('bank', BANK_CERTIFICATE, subtle);
    identities.set(subtle, identity);
  }
  return identity;
}

/** The bank's certificate issued now, for its stored key: what the stored one was issued as. */
export async function issueBankIdentity(
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<TppIdentity> {
  return issueTppIdentity(
    {
      roles: ['PSP_AS'],
      organisationId: 'PSDNO-FSA-917000107',
      name: 'Sandbank ASA',
      email: 'psd2@sandbank.example',
      // Valid on any bank-clock day a sandbox may be set to, like the preset identities.
      validFrom: PRESET_VALID_FROM,
      validTo: PRESET_VALID_TO,
      subtle,
    },
    await presetKeyPair('bank', subtle),
  );
}
