// Production profile: the certificate must be issued by a trusted CA (part 5.1 rule 11, part 1). The
// issuer's signature over the certificate (RFC 5280 §6.1.3 (a)(1)) is checked against each anchor
// whose subject is the certificate's issuer; the verdict is kept per certificate and anchor set.
import type { CertificateCache, CertificateEntry } from './certificate-cache.js';
import { isSignedBy } from './certificate-signature.js';
import { failStep, pass, type StepResult } from './step-result.js';
import type { TrustVerdict } from './types.js';

export async function checkTrustChain(
  entry: CertificateEntry,
  anchors: readonly string[],
  cache: CertificateCache,
  subtle: SubtleCrypto,
  header: string,
): Promise<StepResult<null>> {
  const key = anchors.join('\n');
  let verdict = entry.trust.get(key);
  if (verdict === undefined) {
    verdict = findIssuer(entry, anchors, cache, subtle);
    entry.trust.set(key, verdict);
  }
  const found = await verdict;
  if (found.issuer === null) {
    const unreadable = found.unreadable > 0 ? `, ${found.unreadable} of them unreadable` : '';
    return failStep(
      'BAD_REQUEST',
      header,
      `the certificate is not issued by a trusted CA (issuer ${entry.certificate.issuer.text}; ` +
        `${anchors.length} trust anchor${anchors.length === 1 ? '' : 's'} configured${unreadable})`,
    );
  }
  return pass(null, `issued by trusted CA ${found.issuer}`);
}

export type { TrustVerdict } from './types.js';

async function findIssuer(
  entry: CertificateEntry,
  anchors: readonly string[],
  cache: CertificateCache,
  subtle: SubtleCrypto,
): Promise<TrustVerdict> {
  const { certificate } = entry;
  let unreadable = 0;
  for (const text of anchors) {
    const anchor = await cache.anchor(text, subtle);
    if (typeof anchor === 'string') {
      unreadable++;
      continue;
    }
    if (anchor.subject.canonical !== certificate.issuer.canonical) continue;
    try {
      if (await isSignedBy(certificate.x509, anchor.x509, subtle))
        return { issuer: anchor.subject.text, unreadable };
    } catch {
      // An algorithm WebCrypto cannot verify counts as "not issued by this anchor".
    }
  }
  return { issuer: null, unreadable };
}
