// asn1js.fromBER on untrusted bytes: it reports most errors in its result but throws on some (e.g. a
// malformed GeneralizedTime), so both become one result here (X.690 §8 decoding errors).
import * as asn1js from 'asn1js';

export type BerResult = { ok: true; value: asn1js.AsnType; length: number } | { ok: false; problem: string };

export function decodeBer(bytes: Uint8Array | ArrayBuffer): BerResult {
  try {
    const parsed = asn1js.fromBER(bytes);
    if (parsed.offset === -1) return { ok: false, problem: parsed.result.error || 'undecodable' };
    return { ok: true, value: parsed.result, length: parsed.offset };
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
}
