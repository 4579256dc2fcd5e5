import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { stripVTControlCharacters } from 'node:util';

export interface Ran {
  code: number;
  /** stdout and stderr interleaved, for failure messages. */
  output: string;
  stdout: string;
}

/** The end of a long output, enough to see why a command failed. */
function tail(text: string): string {
  return text.length > 4_000 ? `…${text.slice(-4_000)}` : text;
}

/**
 * Runs a command line with bash in `cwd`, its output kept (printed only when the test fails, so a
 * passing run stays quiet). Rejects with the output when it exits non-zero.
 */
export async function sh(command: string, cwd: string, env: Record<string, string> = {}): Promise<string> {
  const ran = await shell(command, cwd, env);
  if (ran.code !== 0) {
    throw new Error(`\`${command}\` in ${cwd} exited with ${ran.code}:\n${tail(ran.output)}`);
  }
  return ran.stdout;
}

export function shell(command: string, cwd: string, env: Record<string, string> = {}): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', command], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output, stdout }));
  });
}

export interface Background {
  /** Everything it printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/** Starts a long-running command (its own process group) and resolves once its output matches `ready`. */
export async function background(
  command: string,
  cwd: string,
  ready: RegExp,
  env: Record<string, string> = {},
): Promise<Background & { match: RegExpMatchArray }> {
  const child: ChildProcess = spawn('bash', ['-c', `exec ${command}`], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await once(child, 'close');
    }
  };
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      const found = stripVTControlCharacters(output).match(ready);
      if (found !== null) resolve(found);
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('close', (code) =>
      reject(new Error(`\`${command}\` exited with ${code} before it was ready:\n${tail(output)}`)),
    );
  });
  return { match, output: () => output, stop };
}

/** A TCP port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
