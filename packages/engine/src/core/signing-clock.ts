// The time a signer dates a request by when it is given none: the clock source of the sandbox made
// last in this realm (createSandbox, installSandbox), else the real time. A test whose sandbox runs on
// a fixed `now` can then sign app code's requests without passing `now` by hand, and a TPP app signing
// with its own clock is dated by the real time, which the bank accepts even after its clock is moved
// (docs/security.md, "The date window and a moved bank clock").
//
// Kept on globalThis under a registered symbol, so that two copies of the engine in one realm (the TPP
// kit bundled into an app, the engine loaded by installSandbox) share it.

const KEY = Symbol.for('sandbank.signing-clock');

type ClockHolder = { [KEY]?: () => number };

/** Makes `source` the clock that signers given no date use in this realm. */
export function useSigningClock(source: () => number): void {
  (globalThis as ClockHolder)[KEY] = source;
}

/** Back to the real time, unless another sandbox's clock took over since `source` was set. */
export function forgetSigningClock(source: () => number): void {
  const holder = globalThis as ClockHolder;
  if (holder[KEY] === source) delete holder[KEY];
}

/** Epoch ms to date a request by: the last sandbox's clock source, else Date.now(). */
export function signingClockNow(): number {
  const source = (globalThis as ClockHolder)[KEY];
  return source === undefined ? Date.now() : source();
}
