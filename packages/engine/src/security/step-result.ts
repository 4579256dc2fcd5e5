// The outcome of one verification step: a value to go on with, or a failure for the verdict.
import { clip } from './bytes.js';
import type { HeaderReader, VerifyFailureCode } from './types.js';

export interface StepFailure {
  ok: false;
  code: VerifyFailureCode;
  /** The header at fault. */
  header: string;
  text: string;
}

export type StepResult<T> = { ok: true; value: T; detail: string } | StepFailure;

export function pass<T>(value: T, detail: string): StepResult<T> {
  return { ok: true, value, detail };
}

export function failStep(code: VerifyFailureCode, header: string, text: string): StepFailure {
  return { ok: false, code, header, text: clip(text) };
}

/** Wording that differs between a signed request and a signed response (part 5.1 rule 10). */
export interface MessageRules {
  noun: 'request' | 'response';
  certificateHeader: string;
  /** Headers that must be listed whenever the message has them (part 5.1 rule 5). */
  mustSign: readonly string[];
  allowRequestTarget: boolean;
}

export interface SignedMessage {
  method: string | null;
  target: string | null;
  headers: HeaderReader;
  body: Uint8Array | null;
}

export interface MessageCheckOptions {
  now: number;
  /** A second clock a date may be within the limit of: the sandbox's clock source (check-date.ts). */
  alsoNow?: number;
  subtle: SubtleCrypto;
  digestRequired: boolean;
  trustAnchors: readonly string[] | null;
  maxSkewMs: number;
}
