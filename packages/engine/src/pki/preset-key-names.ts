/**
 * The stored keys: one per preset, the 'wrong-ca' preset's untrusted issuer's, and the sandbox bank's
 * own, which signs its responses (part 5.1 rule 10; pki/bank-identity.ts).
 */
export const PRESET_KEY_NAMES = [
  'aisp',
  'pisp',
  'both',
  'expired',
  'no-roles',
  'wrong-ca',
  'untrusted-ca',
  'bank',
] as const;

export type PresetKeyName = (typeof PRESET_KEY_NAMES)[number];
