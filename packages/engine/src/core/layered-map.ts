/**
 * A read-only map made from another by a few changes, without copying it: the changes in a map of
 * their own, over the map below. A state's indexes (core/state-index.ts) are carried from one state to
 * the next this way: copying a `Map` of 50 000 keys for each write costs what the write saved.
 * Past `MAX_DEPTH` layers, the layers are flattened into one map (cost: the keys, once every
 * `MAX_DEPTH` writes), so a lookup reads at most that many maps.
 */
export interface LayeredMap<K, V> {
  own: Map<K, V>;
  below: LayeredMap<K, V> | undefined;
  depth: number;
}

const MAX_DEPTH = 8;

export function layered<K, V>(own: Map<K, V>): LayeredMap<K, V> {
  return { own, below: undefined, depth: 1 };
}

export function layerGet<K, V>(map: LayeredMap<K, V>, key: K): V | undefined {
  for (let layer: LayeredMap<K, V> | undefined = map; layer !== undefined; layer = layer.below) {
    const value = layer.own.get(key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/** `changes` over `below` (the changes win); flattened when the layers get too deep. */
export function layerOver<K, V>(below: LayeredMap<K, V>, changes: Map<K, V>): LayeredMap<K, V> {
  if (below.depth < MAX_DEPTH) return { own: changes, below, depth: below.depth + 1 };
  const layers: Map<K, V>[] = [changes];
  for (let layer: LayeredMap<K, V> | undefined = below; layer !== undefined; layer = layer.below)
    layers.push(layer.own);
  const flat = new Map<K, V>(layers.pop());
  for (let i = layers.length - 1; i >= 0; i--)
    for (const [key, value] of layers[i] as Map<K, V>) flat.set(key, value);
  return layered(flat);
}
