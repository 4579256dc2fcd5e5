import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { VERSION } from '../src/index.js';

describe('the version the worker reports', () => {
  test("is the package's version, so a stale worker copy is detected", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
  });
});
