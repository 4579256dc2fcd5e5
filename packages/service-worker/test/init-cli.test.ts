import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, test, vi } from 'vitest';
import { init, runCli } from '../src/cli.js';

describe('sandbank-sw init', () => {
  test('copies the worker script and the OpenAPI document it serves into the public folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbank-init-'));
    const source = join(dir, 'built.js');
    writeFileSync(source, 'self.worker = true;');
    writeFileSync(join(dir, 'sandbank-openapi.json'), '{"openapi":"3.1.0"}');
    const written = init(join(dir, 'public'), pathToFileURL(source));
    expect(written).toBe(join(dir, 'public', 'sandbank-sw.js'));
    expect(readFileSync(written, 'utf8')).toBe('self.worker = true;');
    expect(readFileSync(join(dir, 'public', 'sandbank-openapi.json'), 'utf8')).toBe('{"openapi":"3.1.0"}');
  });

  test('explains a missing build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbank-init-'));
    expect(() => init(dir, pathToFileURL(join(dir, 'nothing.js')))).toThrow('build @sandbank/service-worker');
  });

  test('explains a build without the OpenAPI document', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbank-init-'));
    const source = join(dir, 'built.js');
    writeFileSync(source, 'self.worker = true;');
    expect(() => init(join(dir, 'public'), pathToFileURL(source))).toThrow(
      /sandbank-openapi\.json is missing: build @sandbank\/service-worker/,
    );
  });

  test('prints the usage for a wrong command', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(runCli(['copy'])).toBe(2);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('sandbank-sw init <publicDir>'));
    error.mockRestore();
  });
});
