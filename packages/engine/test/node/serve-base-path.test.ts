import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sandbankCommand } from '@sandbank/test-support/serve';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Runs `pnpm serve` with `args` until it exits (a bad option exits at once), collecting stderr. */
async function serveFails(args: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(...sandbankCommand(['serve', '--port', '0', ...args]), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stderr };
}

describe('sandbank serve --base-path', () => {
  it.each(['api-sandbox/v1', '/_sandbank/v1', '/a b', '/v1/..', '/.', '/v1/./api'])(
    'refuses %s, saying what a base path is',
    async (path) => {
      const { code, stderr } = await serveFails(['--base-path', path]);
      expect(code).toBe(2);
      expect(stderr).toContain('--base-path must be a path such as /api-sandbox/v1');
    },
  );
});
