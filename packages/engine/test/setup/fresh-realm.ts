// The engine's test files share their worker's module graph and realm (vitest.config.ts, isolate:
// false). What a file may leave in the realm is put back before the next file is imported (Vitest runs
// this file before each test file): the signing clock, which the last sandbox made in a realm sets for
// every signer given no date (core/signing-clock.ts), so that a file signing by the real time is not
// dated by another file's fixed bank clock.
delete (globalThis as Record<symbol, unknown>)[Symbol.for('sandbank.signing-clock')];
