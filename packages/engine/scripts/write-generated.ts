// Writes a generated source file of src/ in the repository's format (biome, the workspace's
// formatter), so that a rerun of its generator changes only what it made anew.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Writes `text` to `file` (a path under src/), formats it, and says so. */
export function writeGenerated(file: string, text: string): void {
  const target = fileURLToPath(new URL(`../src/${file}`, import.meta.url));
  writeFileSync(target, text);
  const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');
  execFileSync(process.execPath, [biome, 'format', '--write', target], { stdio: 'inherit' });
  console.log(`wrote ${target}`);
}
