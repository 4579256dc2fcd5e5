import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { asSandbox, type CreatedBank, exportState, FIXED } from '@sandbank/test-support/hosted';
import { afterAll, describe, expect, it } from 'vitest';
import { paymentJourney } from '../../../test/journeys/flows.js';

// The hosted mode's promise, through the command a newcomer runs: `pnpm serve:cloud --persist DIR` starts
// a local runtime; two banks made through POST /tenants; one driven through consent, SCA and a
// settled payment over plain HTTP while the other stays untouched; a restart on the same folder keeps
// both.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'sandbank-serve-cloud-'));
const TOKEN = 'serve-cloud-test';
let running: ChildProcess | null = null;

/** `pnpm serve:cloud --port 0 --persist DIR`, resolved with the URL it prints. */
async function serveCloud(): Promise<string> {
  const child = spawn('pnpm', ['serve:cloud', '--port', '0', '--persist', folder], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
    env: { ...process.env, SANDBANK_ADMIN_TOKEN: TOKEN },
  });
  running = child;
  for await (const line of createInterface({ input: child.stdout as NodeJS.ReadableStream })) {
    const match = /listening on (http:\/\/[^\s/]+)/.exec(line);
    if (match?.[1]) return match[1];
  }
  throw new Error('pnpm serve:cloud ended without printing its URL');
}

async function stop(): Promise<void> {
  const child = running;
  running = null;
  if (child?.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  await exited;
}

afterAll(async () => {
  await stop();
  rmSync(folder, { recursive: true, force: true });
});

async function create(url: string): Promise<CreatedBank> {
  const answer = await fetch(`${url}/tenants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fixedTime: FIXED }),
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as CreatedBank;
}

describe('pnpm serve:cloud', () => {
  it('runs two banks, settles a payment in one while the other stays untouched, and keeps both across a restart', async () => {
    const url = await serveCloud();
    const [driven, other] = [await create(url), await create(url)];
    const untouched = await exportState(other);
    await paymentJourney(asSandbox(driven));
    expect(await exportState(other)).toEqual(untouched);
    const settled = await exportState(driven);

    await stop();
    const again = await serveCloud();
    const moved = (bank: CreatedBank) => ({ ...bank, baseUrl: `${again}/t/${bank.id}` });
    expect(await exportState(moved(driven))).toEqual(settled);
    expect(await exportState(moved(other))).toEqual(untouched);
    const listed = await fetch(`${again}/tenants`, { headers: { authorization: `Bearer ${TOKEN}` } });
    const ids = ((await listed.json()) as { tenants: Array<{ id: string }> }).tenants.map((t) => t.id);
    expect(ids).toEqual(expect.arrayContaining([driven.id, other.id]));
  });
});
