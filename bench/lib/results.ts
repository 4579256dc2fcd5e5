import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Writes `data` as bench/results/`name` (pretty JSON) and returns the file's path: the folder beside
 * the bench scripts, wherever the command runs from.
 */
export function writeResult(name: string, data: unknown): string {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const path = `${dir}${name}`;
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}
