import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createSandbox } from '@sandbank/engine';
import { describe, expect, it } from 'vitest';

const NOW = Date.parse('2026-03-02T10:00:00Z');

/** The pinned @redocly/cli of the lockfile: the test runs offline. */
function redoclyBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@redocly/cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin.redocly as string);
}

function lint(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [redoclyBin(), 'lint', file, '--extends=recommended', '--format=json'],
      {
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the served OpenAPI document under @redocly/cli lint, recommended ruleset', () => {
  it.each([
    ['/v1', 'the default base path'],
    ['/api-sandbox/v1', 'a configured base path'],
  ])('has no error and no warning under %s (%s)', async (basePath) => {
    const sandbox = createSandbox({ basePath, now: () => NOW });
    const response = await sandbox.fetch(new Request('http://localhost/_sandbank/openapi.json'));
    expect(response.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'sandbank-openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, await response.text());
      const { code, output } = await lint(file);
      const report = JSON.parse(output.slice(output.indexOf('{'), output.lastIndexOf('}') + 1)) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
