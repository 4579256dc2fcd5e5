import * as z from 'zod/mini';
import { ZodMiniType } from 'zod/mini';
import { $constructor, $ZodObjectJIT } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

/**
 * What the engine's schemas need beyond `zod/mini`'s own functions. The engine uses zod's functional
 * API, not its classic one (`z.string().min(1)`): a bundle keeps only the zod it calls, which makes
 * the service worker's script smaller (docs/benchmarks.md, Bundles).
 */

/**
 * zod's English messages, which the engine's errors quote (`creditorName: Too big: expected string to
 * have <=70 characters`). zod's classic API installs them when it builds its first schema; `zod/mini`
 * installs none, and every issue would read "Invalid input". Called where the schemas are built and
 * parsed (core/state.ts, core/validate.ts); as in classic zod, a locale the app configured first is kept.
 * `en` imported by name, not read from `z.locales` (every locale, about 300 KB, kept by a bundle that
 * reads the namespace).
 */
export function useEnglishMessages(): void {
  if (z.config().localeError === undefined) z.config(en());
}

/** Classic zod's `z.number().int()`: a number with zod's integer check (a safe integer), the same issues. */
export function int(): z.ZodMiniNumber<number> {
  return z.number().check(z.int());
}

/**
 * zod/mini's object with classic zod's compiled parser (`$ZodObjectJIT`, which writes a parse function
 * for the shape once; `zod/mini`'s objects interpret the shape each parse). The same checks and issues:
 * only the speed differs. An import of 1 000 000 transactions took 4.4 s with `zod/mini`'s objects
 * and 2.7 s with these (docs/benchmarks.md, session 9). Where the runtime forbids `new Function` (a
 * strict Content-Security-Policy) zod falls back to the interpreted parse itself.
 */
const ZodMiniObjectJIT = /*@__PURE__*/ $constructor(
  'ZodMiniObjectJIT',
  (inst: z.ZodMiniObject, def: z.core.$ZodObjectDef) => {
    $ZodObjectJIT.init(inst, def);
    ZodMiniType.init(inst, def);
    Object.defineProperty(inst, 'shape', {
      get: () => inst._zod.def.shape,
      enumerable: false,
      configurable: true,
    });
  },
);

/** `z.strictObject` with the compiled parser. */
export function strictObject<T extends z.core.$ZodLooseShape>(shape: T): z.ZodMiniObject<T, z.core.$strict> {
  return new ZodMiniObjectJIT({ type: 'object', shape, catchall: z.never() }) as unknown as z.ZodMiniObject<
    T,
    z.core.$strict
  >;
}
