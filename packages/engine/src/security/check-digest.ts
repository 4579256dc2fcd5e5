// Step: the Digest header matches the body (RFC 3230; part 4.1 requires it on create payment and
// create sandbox account). At least one SHA-256 or SHA-512 value must match the exact body bytes.
import { type DigestAlgorithm, digestBase64, parseDigestHeader } from './digest.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';
import type { HeaderReader } from './types.js';

export async function checkDigest(
  headers: HeaderReader,
  body: Uint8Array | null,
  required: boolean,
  subtle: SubtleCrypto,
  rules: MessageRules,
): Promise<StepResult<null>> {
  const value = headers.get('digest');
  if (value === null) {
    if (!required) return pass(null, `no Digest header; not required on this ${rules.noun}`);
    return failStep(
      'HTTP_HEADER_REQUIRED',
      'Digest',
      `the ${rules.noun} has no Digest header, which this operation requires: send ` +
        "Digest: SHA-256=<base64 of the body's SHA-256> and sign it as digest (RFC 3230, part 4.1)",
    );
  }
  const entries = parseDigestHeader(value);
  const supported = entries.filter((e) => e.algorithm !== null);
  if (supported.length === 0) {
    const got = entries.map((e) => e.token).join(', ') || 'nothing';
    return failStep(
      'FORMAT_ERROR',
      'Digest',
      `Digest has no SHA-256 or SHA-512 value (got ${got}; RFC 3230)`,
    );
  }
  const computed = new Map<DigestAlgorithm, string>();
  for (const entry of supported) {
    const algorithm = entry.algorithm!;
    let expected = computed.get(algorithm);
    if (expected === undefined) {
      expected = await digestBase64(body, algorithm, subtle);
      computed.set(algorithm, expected);
    }
    if (entry.value.replace(/=+$/, '') === expected.replace(/=+$/, ''))
      return pass(null, `${algorithm} matches the ${body?.length ?? 0}-byte body`);
  }
  const first = supported[0]!;
  return failStep(
    'BAD_REQUEST',
    'Digest',
    `Digest ${first.algorithm} does not match the body (expected ${computed.get(first.algorithm!)})`,
  );
}
