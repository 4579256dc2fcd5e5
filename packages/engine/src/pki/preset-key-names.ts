/** The keys the presets sign with: one per preset, and the 'wrong-ca' preset's untrusted issuer's. */
export const PRESET_KEY_NAMES = [
  'aisp',
  'pisp',
  'both',
  'expired',
  'no-roles',
  'wrong-ca',
  'untrusted-ca',
] as const;

export type PresetKeyName = (typeof PRESET_KEY_NAMES)[number];
