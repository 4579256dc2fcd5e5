import { hashString } from '../core/ids.js';

/** mulberry32: a small seeded generator, so generated data depends only on the seed. */
export function seededRandom(seed: string): () => number {
  let a = hashString(seed);
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** An amount with øre, between min and max whole units, as a decimal string. */
export function randomAmount(random: () => number, min: number, max: number): string {
  const whole = min + Math.floor(random() * (max - min));
  const minor = Math.floor(random() * 100);
  return `${whole}.${String(minor).padStart(2, '0')}`;
}
