// Step 1: the Signature header is there (part 5.1 rule 9) and well-formed (rules 2–4 and 8).
import { parseSignatureHeader, type SignatureParams } from './parse-signature-header.js';
import { failStep, type MessageRules, pass, type StepResult } from './step-result.js';
import type { HeaderReader } from './types.js';

/** part 5.1 rule 4 names rsa-sha256; Java clients write the JCA name SHA256withRSA. */
const ACCEPTED_ALGORITHMS = new Set(['rsa-sha256', 'sha256withrsa']);

export function checkSignatureParams(
  headers: HeaderReader,
  rules: MessageRules,
): StepResult<SignatureParams> {
  const value = headers.get('signature');
  if (value === null) {
    const text =
      rules.noun === 'request'
        ? 'the request has no Signature header (part 5.1 rule 9): sign with signRequest() from ' +
          "@sandbank/engine/tpp, or create the sandbox with { signatures: 'off' } to turn the check off"
        : 'the response has no Signature header (part 5.1 rule 10)';
    return failStep('HTTP_HEADER_REQUIRED', 'Signature', text);
  }
  const parsed = parseSignatureHeader(value);
  if (!parsed.ok) return failStep('FORMAT_ERROR', 'Signature', parsed.text);
  const { params } = parsed;
  if (!ACCEPTED_ALGORITHMS.has(params.algorithm.toLowerCase())) {
    return failStep(
      'FORMAT_ERROR',
      'Signature',
      `Signature names unsupported algorithm ${params.algorithm} (expected rsa-sha256), part 5.1 rule 4`,
    );
  }
  const wrapped = params.encoded ? ', RFC 2047-decoded' : '';
  return pass(
    params,
    `keyId, algorithm ${params.algorithm}, headers "${params.headers.join(' ')}" and a ` +
      `${params.signature.length}-byte signature${wrapped}`,
  );
}
