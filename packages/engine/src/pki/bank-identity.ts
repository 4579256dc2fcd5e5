// The bank's own signing identity for signed responses (part 5.1 rule 10): an account-servicing PSP
// (PSP_AS) certificate from the sandbox test CA, created once per SubtleCrypto.
import { createTppIdentity } from './create-tpp-identity.js';
import { PRESET_VALID_FROM, PRESET_VALID_TO } from './preset-identity.js';
import type { TppIdentity } from './tpp-identity.js';

const identities = new WeakMap<SubtleCrypto, Promise<TppIdentity>>();

export function sandboxBankIdentity(subtle: SubtleCrypto = globalThis.crypto.subtle): Promise<TppIdentity> {
  let identity = identities.get(subtle);
  if (identity === undefined) {
    identity = createTppIdentity({
      roles: ['PSP_AS'],
      organisationId: 'PSDNO-FSA-917000107',
      name: 'Sandbank ASA',
      email: 'psd2@sandbank.example',
      // Valid on any bank-clock day a sandbox may be set to, like the preset identities.
      validFrom: PRESET_VALID_FROM,
      validTo: PRESET_VALID_TO,
      subtle,
    });
    identities.set(subtle, identity);
  }
  return identity;
}
