// The maps a state's carried indexes are made of (core/layered-map.ts): a change over the map below,
// flattened when the layers get deep. Whatever the changes, a lookup answers what one map holding
// every change in turn would.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layered, layerGet, layerOver } from '../../src/core/layered-map.js';

describe('layered maps', () => {
  it('answer what one map with every change applied in turn answers, however deep', () => {
    const keys = fc.constantFrom('a', 'b', 'c', 'd', 'e');
    const change = fc.array(fc.tuple(keys, fc.nat({ max: 9 })), { maxLength: 4 });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(keys, fc.nat())),
        fc.array(change, { maxLength: 30 }),
        (first, changes) => {
          const model = new Map(first);
          let map = layered(new Map(first));
          const kept: Array<[typeof map, Map<string, number>]> = [[map, new Map(model)]];
          for (const one of changes) {
            for (const [key, value] of one) model.set(key, value);
            map = layerOver(map, new Map(one));
            kept.push([map, new Map(model)]);
          }
          // Each map made on the way still answers as it did: flattening copies, never writes below.
          for (const [each, then] of kept)
            for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) expect(layerGet(each, key)).toBe(then.get(key));
        },
      ),
      { seed: 20261207 },
    );
  });

  it('reads at most eight maps for a lookup', () => {
    let map = layered(new Map([['a', 0]]));
    for (let i = 1; i <= 20; i++) map = layerOver(map, new Map([[`k${i}`, i]]));
    expect(map.depth).toBeLessThanOrEqual(8);
    expect(layerGet(map, 'a')).toBe(0);
    expect(layerGet(map, 'k20')).toBe(20);
  });
});
