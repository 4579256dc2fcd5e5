/** Signs a request with the playground's test identity; wired to `@sandbank/engine/tpp` by `setSigner`. */
export type Signer = (request: Request) => Promise<Request>;

let signer: Signer | null = null;

/** Installs the signer (the TPP kit's `signRequest` bound to a generated identity). */
export function setSigner(next: Signer | null): void {
  signer = next;
}

export function signingAvailable(): boolean {
  return signer !== null;
}

/** Signs the request when a signer is installed; otherwise sends it as it is (the bank then refuses it on /v1). */
export async function signIfAvailable(request: Request): Promise<Request> {
  return signer === null ? request : signer(request);
}

let bankOffsetMs = 0;

/**
 * The bank clock's offset from the page clock (`state.clock.offsetMs`). X-Date must be within 60 s
 * of the bank's own time (part 5.1), so once the bank clock is moved the signer dates requests by it.
 */
export function setBankClockOffset(offsetMs: number): void {
  bankOffsetMs = offsetMs;
}

/** Now on the bank clock, epoch ms. */
export function bankClockNow(): number {
  return Date.now() + bankOffsetMs;
}
