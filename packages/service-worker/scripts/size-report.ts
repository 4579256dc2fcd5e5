// `pnpm --filter @sandbank/service-worker size-report`: what each package and each engine area adds to
// the worker script (docs/benchmarks.md, "Bundles"). A group's minified bytes are the script's bytes
// its sources own in the source map (the engine's module is bundled apart and nested, bundle.ts, so
// one build's metafile does not see them); its gzipped share is the whole script's gzip size minus
// that of the script with the group's bytes cut out, so it counts what the group costs beside the rest.
import { gzipSync } from 'node:zlib';
import { buildWorker } from '../src/bundle.js';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Source Map v3 `mappings`: for each generated line, [column, source index] at each segment start. */
function decodeMappings(mappings: string): Array<Array<[number, number]>> {
  const lines: Array<Array<[number, number]>> = [];
  let source = 0;
  for (const line of mappings.split(';')) {
    const segments: Array<[number, number]> = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (segment === '') continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += fields[0] ?? 0;
      if (fields.length > 1) source += fields[1] ?? 0;
      segments.push([column, fields.length > 1 ? source : -1]);
    }
    lines.push(segments);
  }
  return lines;
}

/** `zod`, `pkijs`, `engine: control`, `service-worker`… */
function groupOf(path: string): string {
  const dependency = path.match(/node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/);
  if (dependency) return dependency[1] as string;
  // The map's paths are relative to dist/.
  if (/(?:^|\/)engine\/src\/(?:.*\/)?(?:[\w-]*docs|openapi[\w-]*)\.ts$/.test(path))
    return 'engine: the OpenAPI document (openapi*.ts, docs.ts)';
  const area = path.match(/(?:^|\/)engine\/src\/(?:([^/]+)\/)?/);
  if (area) return `engine: ${area[1] ?? '(top level)'}`;
  return /(?:^|\/)src\//.test(path) ? 'service-worker' : path;
}

const gzipped = (text: string) => gzipSync(Buffer.from(text), { level: 6 }).byteLength;

const { code: withComment, map } = await buildWorker();
const code = withComment.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '');
const { sources } = JSON.parse(map) as { sources: string[] };

// Each generated character's group, from the map (unmapped runtime glue belongs to none).
const owner = new Int16Array(code.length).fill(-1);
const groups = [...new Set(sources.map(groupOf))];
const groupIndex = sources.map((source) => groups.indexOf(groupOf(source)));
let offset = 0;
const lines = code.split('\n');
decodeMappings((JSON.parse(map) as { mappings: string }).mappings).forEach((segments, line) => {
  const length = lines[line]?.length ?? 0;
  segments.forEach(([column, source], i) => {
    const end = segments[i + 1]?.[0] ?? length;
    owner.fill(source < 0 ? -1 : (groupIndex[source] ?? -1), offset + column, offset + end);
  });
  offset += length + 1;
});

const minified = new Map<string, number>();
for (const index of owner)
  if (index >= 0) minified.set(groups[index] as string, (minified.get(groups[index] as string) ?? 0) + 1);

const total = gzipped(code);
const rows = groups.map((group, g) => {
  let rest = '';
  let start = 0;
  for (let i = 0; i <= code.length; i++) {
    const mine = i < code.length && owner[i] === g;
    if (mine && start >= 0) {
      rest += code.slice(start, i);
      start = -1;
    } else if (!mine && start < 0) start = i;
  }
  if (start >= 0) rest += code.slice(start);
  return { group, minified: minified.get(group) ?? 0, gzipped: total - gzipped(rest) };
});
rows.sort((a, b) => b.gzipped - a.gzipped);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(`worker script: ${kb(code.length)} minified, ${kb(total)} gzipped (${total} bytes)\n`);
console.log('| part | minified | gzipped share |\n| --- | ---: | ---: |');
for (const row of rows.filter((r) => r.minified >= 1024))
  console.log(`| ${row.group} | ${kb(row.minified)} | ${kb(row.gzipped)} |`);
const small = rows.filter((r) => r.minified < 1024);
if (small.length > 0)
  console.log(
    `| ${small.length} smaller parts | ${kb(small.reduce((n, r) => n + r.minified, 0))} | ${kb(small.reduce((n, r) => n + r.gzipped, 0))} |`,
  );
