// Parsed certificates and imported keys, kept per verifier: a least-recently-used map keyed by the
// certificate header text, so a repeat TPP skips DER parsing, hashing and key import. Below it, the
// reading of a certificate's text is shared by every verifier of the process (`readCertificate`).
import { SecurityError } from './errors.js';
import type { KeyId } from './key-id.js';
import type { NodeRsaKey } from './node-crypto.js';
import { type ParsedCertificate, parseCertificate } from './parse-certificate.js';
import type { StepResult } from './step-result.js';
import { toVerifiedTpp } from './to-verified-tpp.js';
import type { TrustVerdict, VerifiedTpp, VerifierStats } from './types.js';

export interface CertificateEntry {
  certificate: ParsedCertificate;
  /** Null with `tppProblem` when the certificate cannot identify a TPP. */
  tpp: VerifiedTpp | null;
  tppProblem: string | null;
  keys: WeakMap<SubtleCrypto, Promise<CryptoKey | string>>;
  /** The key for Node's synchronous verify (node-crypto.ts): undefined until tried, null when not usable. */
  nodeKey: NodeRsaKey | null | undefined;
  /** Trust verdicts by trust-anchor set. */
  trust: Map<string, Promise<TrustVerdict>>;
  /** keyId checks by keyId text: a client sends the same keyId on every request. */
  keyIds: Map<string, StepResult<KeyId>>;
}

export type CertificateLookup =
  | { ok: true; entry: CertificateEntry; cached: boolean }
  | { ok: false; problem: string };

export interface CertificateCache {
  readonly stats: VerifierStats;
  lookup(text: string, subtle: SubtleCrypto): Promise<CertificateLookup>;
  /** Parses a trust anchor once (anchors are few; kept without eviction). */
  anchor(text: string, subtle: SubtleCrypto): Promise<ParsedCertificate | string>;
  countKeyImport(): void;
}

/** A certificate as read from its header text: the same for every bank, so shared by all. */
export interface ReadCertificate {
  certificate: ParsedCertificate;
  tpp: VerifiedTpp | null;
  tppProblem: string | null;
}

/** Certificate texts read, per SubtleCrypto, kept for every verifier of the process. */
const SHARED_READS = 64;
const reads = new WeakMap<SubtleCrypto, Map<string, Promise<ReadCertificate>>>();

/**
 * The certificate read from its text (DER parsed, the PSD2 statement and the TPP read), once per
 * process and SubtleCrypto: a test suite that makes a bank for each test would otherwise read its
 * TPP's certificate again in each (2-3 ms of asn1js and pkijs, more than the rest of the test's first
 * request; docs/benchmarks.md, "Session 24"). The TPP kit's stored presets are read here too, so the
 * first bank a preset's request reaches finds it read (pki/identity-from-certificate.ts). Parsed
 * certificates are only read, never changed. A certificate's own problem is kept with it; any other
 * failure (a SubtleCrypto that throws) is not.
 */
export function readCertificate(text: string, subtle: SubtleCrypto): Promise<ReadCertificate> {
  let byText = reads.get(subtle);
  if (byText === undefined) {
    byText = new Map();
    reads.set(subtle, byText);
  }
  const kept = byText;
  let pending = kept.get(text);
  if (pending !== undefined) {
    // Least recently used first out: a hit (once per bank, not per request) moves it to the end.
    kept.delete(text);
    kept.set(text, pending);
  } else {
    pending = parseCertificate(text, { subtle }).then((certificate) => {
      const tpp = toVerifiedTpp(certificate);
      return { certificate, tpp: tpp.ok ? tpp.tpp : null, tppProblem: tpp.ok ? null : tpp.problem };
    });
    const read = pending;
    read.catch((error: unknown) => {
      if (!(error instanceof SecurityError) && kept.get(text) === read) kept.delete(text);
    });
    kept.set(text, read);
    if (kept.size > SHARED_READS) kept.delete(kept.keys().next().value as string);
  }
  return pending;
}

export function createCertificateCache(size: number): CertificateCache {
  const entries = new Map<string, Promise<CertificateLookup>>();
  const anchors = new Map<string, Promise<ParsedCertificate | string>>();
  const stats: VerifierStats = { certificateParses: 0, certificateCacheHits: 0, keyImports: 0 };

  async function load(text: string, subtle: SubtleCrypto): Promise<CertificateLookup> {
    stats.certificateParses++;
    try {
      const read = await readCertificate(text, subtle);
      return {
        ok: true,
        cached: false,
        entry: {
          certificate: read.certificate,
          tpp: read.tpp,
          tppProblem: read.tppProblem,
          keys: new WeakMap(),
          nodeKey: undefined,
          trust: new Map(),
          keyIds: new Map(),
        },
      };
    } catch (error) {
      if (error instanceof SecurityError) return { ok: false, problem: error.message };
      throw error;
    }
  }

  // The most recently used key: a hit on it changes no order. Moving a key to the end (delete, then
  // set) fills the map's table with deleted slots, and every few requests it was rebuilt: a new table
  // held by a long-lived map, which each scavenge had to copy (docs/decisions/hidden-classes.md).
  let newest: string | undefined;
  return {
    stats,
    async lookup(text, subtle) {
      const key = text.trim();
      const hit = entries.get(key);
      if (hit !== undefined) {
        if (key !== newest) {
          entries.delete(key);
          entries.set(key, hit);
          newest = key;
        }
        stats.certificateCacheHits++;
        const found = await hit;
        return found.ok ? { ok: true, cached: true, entry: found.entry } : found;
      }
      const pending = load(key, subtle);
      entries.set(key, pending);
      newest = key;
      // A failing SubtleCrypto is not a property of the certificate: do not keep that outcome.
      pending.catch(() => entries.delete(key));
      if (entries.size > size) entries.delete(entries.keys().next().value as string);
      return pending;
    },
    anchor(text, subtle) {
      let pending = anchors.get(text);
      if (pending === undefined) {
        pending = readCertificate(text, subtle).then(
          (read) => read.certificate,
          (error: unknown) => (error instanceof SecurityError ? error.message : Promise.reject(error)),
        );
        anchors.set(text, pending);
      }
      return pending;
    },
    countKeyImport() {
      stats.keyImports++;
    },
  };
}
