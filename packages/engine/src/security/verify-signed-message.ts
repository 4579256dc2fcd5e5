// The verification pipeline shared by signed requests (part 5.1) and signed responses (rule 10).
// Cheap structural steps run first; the digest and the RSA verification last (the RSA verification
// is started as soon as the certificate is known and overlaps the other steps). Every failure is a
// verdict naming its step; nothing here throws on bad input.
import { buildSigningString } from './build-signing-string.js';
import type { CertificateCache } from './certificate-cache.js';
import { checkCertificate, checkValidity } from './check-certificate.js';
import { checkDate } from './check-date.js';
import { checkDigest } from './check-digest.js';
import { checkKeyId } from './check-key-id.js';
import { checkRsaSignature } from './check-rsa-signature.js';
import { checkSignatureParams } from './check-signature-params.js';
import { checkSignedHeaders } from './check-signed-headers.js';
import { checkTrustChain } from './check-trust-chain.js';
import type { MessageCheckOptions, MessageRules, SignedMessage, StepResult } from './step-result.js';
import { copyTpp } from './to-verified-tpp.js';
import type { SignatureVerdict, VerifyStep } from './types.js';

export async function verifySignedMessage(
  message: SignedMessage,
  options: MessageCheckOptions,
  rules: MessageRules,
  cache: CertificateCache,
): Promise<SignatureVerdict> {
  const steps: VerifyStep[] = [];
  const record = <T>(step: string, result: StepResult<T>): result is Extract<StepResult<T>, { ok: true }> => {
    steps.push({ step, ok: result.ok, detail: result.ok ? result.detail : result.text });
    return result.ok;
  };
  const verdict = (result: Extract<StepResult<unknown>, { ok: false }>): SignatureVerdict => ({
    ok: false,
    code: result.code,
    header: result.header,
    text: result.text,
    steps,
  });
  const { headers, body } = message;
  const { subtle } = options;
  const certHeader = rules.certificateHeader;

  const params = checkSignatureParams(headers, rules);
  if (!record('Signature header', params)) return verdict(params);

  const certificate = await checkCertificate(headers, rules, cache, subtle);
  if (!record(certHeader, certificate)) return verdict(certificate);
  const entry = certificate.value;

  // The RSA verification goes to WebCrypto now and runs while the other steps are checked here (its
  // verdict is recorded last, and ignored when one of them fails). Without a listed header there is
  // no signing string yet: the signed-headers step reports that.
  let rsa: Promise<StepResult<null>> | null = null;
  try {
    const signingString = buildSigningString(params.value.headers, message);
    rsa = checkRsaSignature(entry, params.value.signature, signingString, cache, subtle, certHeader);
    rsa.catch(() => undefined);
  } catch {
    rsa = null;
  }

  const validity = checkValidity(entry, options.now, certHeader);
  if (!record('certificate validity', validity)) return verdict(validity);

  if (options.trustAnchors !== null) {
    const chain = await checkTrustChain(entry, options.trustAnchors, cache, subtle, certHeader);
    if (!record('trust chain', chain)) return verdict(chain);
  }

  const keyId = checkKeyId(params.value.keyId, entry);
  if (!record('keyId', keyId)) return verdict(keyId);

  const listed = checkSignedHeaders(params.value.headers, headers, rules);
  if (!record('signed headers', listed)) return verdict(listed);

  const date = checkDate(
    listed.value,
    params.value.headers,
    headers,
    options.now,
    options.maxSkewMs,
    rules,
    options.alsoNow ?? null,
  );
  if (!record('date', date)) return verdict(date);

  const digest = await checkDigest(headers, body, options.digestRequired, subtle, rules);
  if (!record('Digest', digest)) return verdict(digest);

  const signature = await (rsa ??
    checkRsaSignature(
      entry,
      params.value.signature,
      buildSigningString(params.value.headers, message),
      cache,
      subtle,
      certHeader,
    ));
  if (!record('signature', signature)) return verdict(signature);

  return { ok: true, tpp: copyTpp(entry.tpp!), steps, signedAt: date.value };
}
