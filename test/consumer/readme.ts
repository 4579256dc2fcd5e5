import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The README's quick starts, read from the README itself so the suite runs exactly what it prints: a
 * fenced block right after `<!-- file: <path> -->` becomes that file of the user's project, one after
 * `<!-- shell: <name> -->` is a command block the suite runs. The markers are HTML comments, which
 * GitHub and other renderers do not show.
 */
export interface ReadmeBlocks {
  files: Map<string, string>;
  shell: Map<string, string>;
}

const MARKED = /<!-- (file|shell): (\S+) -->\s*\n```[a-z]*\n([\s\S]*?)\n```/g;

export const README = fileURLToPath(new URL('../../README.md', import.meta.url));

export function readmeBlocks(text = readFileSync(README, 'utf8')): ReadmeBlocks {
  const blocks: ReadmeBlocks = { files: new Map(), shell: new Map() };
  for (const [, kind, name, body] of text.matchAll(MARKED)) {
    const map = kind === 'file' ? blocks.files : blocks.shell;
    if (name === undefined || body === undefined) continue;
    if (map.has(name)) throw new Error(`README.md marks two blocks as ${kind}: ${name}`);
    map.set(name, `${body}\n`);
  }
  return blocks;
}

/** A marked block, or a failure naming the marker the README lost. */
export function block(map: Map<string, string>, name: string): string {
  const found = map.get(name);
  if (found === undefined) {
    throw new Error(`README.md has no block marked <!-- ${name} -->: the consumer suite runs it`);
  }
  return found;
}

/** The command of a shell block that starts with `program` (one line per package manager). */
export function lineFor(commands: string, program: string): string {
  const line = commands.split('\n').find((candidate) => candidate.startsWith(`${program} `));
  if (line === undefined) throw new Error(`README.md's install block has no ${program} line`);
  return line;
}
