import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sandbankCommand } from '@sandbank/test-support/serve';
import { afterAll, describe, expect, it } from 'vitest';

// The start lines are what a user copies into curl: each URL they print must answer.

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const stops: Array<() => Promise<void>> = [];

/** `sandbank serve --port 0 ...args` and its lines up to the control plane's. */
async function start(args: string[]): Promise<string[]> {
  const child = spawn(...sandbankCommand(['serve', '--port', '0', ...args]), {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stops.push(async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
  const lines: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    lines.push(line);
    if (line.startsWith('control plane:')) break;
  }
  return lines;
}

afterAll(async () => {
  for (const stop of stops) await stop();
});

describe('sandbank serve --public-url with a path prefix', () => {
  it('prints the API and control-plane URLs with the prefix, and both answer', async () => {
    const lines = await start(['--signatures', 'off', '--public-url', 'http://localhost:18732/bank']);
    const api = /listening on (\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
    const control = /at (\S+)$/.exec(lines[1] ?? '')?.[1] ?? '';
    expect(api).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bank\/v1$/);
    expect(control).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/bank\/_sandbank\/$/);
    const clock = await fetch(`${control}clock`);
    expect(clock.status).toBe(200);
    expect(await clock.json()).toHaveProperty('now');
    const initialized = await fetch(`${api}/sandbox/initialize`, {
      method: 'POST',
      headers: { 'x-request-id': 'start-lines' },
    });
    expect(initialized.status).toBe(204);
  });
});
