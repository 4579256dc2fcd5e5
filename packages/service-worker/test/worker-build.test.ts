import { SourceMap } from 'node:module';
import { buildWorker } from '@sandbank/service-worker/internal';
import { describe, expect, test } from 'vitest';

describe("the worker script's build (bundle.ts)", () => {
  test("its source map leads the code back to its sources, the engine module's nested bundle included", async () => {
    const { code, map } = await buildWorker();
    const parsed = JSON.parse(map) as { sources: string[]; sourcesContent: string[] };
    const sourceMap = new SourceMap(parsed as never);
    // A string from the entry, one from the engine module bundled apart, one from the engine itself.
    const cases: Array<[string, string]> = [
      ["'sandbank:version'", '../src/worker.ts'],
      ['is not allowed here; allowed', '../src/runtime.ts'],
      ['no operation at ', '../../engine/src/gateway/app.ts'],
    ];
    for (const [text, file] of cases) {
      const needle = text.replaceAll("'", '"');
      const at = code.indexOf(needle);
      expect(at, text).toBeGreaterThan(0);
      const before = code.slice(0, at);
      const line = before.split('\n').length - 1;
      const entry = sourceMap.findEntry(line, at - (before.lastIndexOf('\n') + 1)) as {
        originalSource: string;
        originalLine: number;
      };
      // Relative to the script's folder (dist/), never a path of the machine that built it.
      expect(entry.originalSource, text).toBe(file);
      const content = parsed.sourcesContent[parsed.sources.indexOf(entry.originalSource)] ?? '';
      expect(content.split('\n')[entry.originalLine], text).toContain(text.replaceAll("'", ''));
    }
  });
});
