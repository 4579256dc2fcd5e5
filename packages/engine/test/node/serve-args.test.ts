import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sandbankCommand } from '@sandbank/test-support/serve';
import { describe, expect, it } from 'vitest';
import { type CommandLine, parseCommandLine } from '../../src/node/serve-args.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

function refusal(argv: string[], env: NodeJS.ProcessEnv = {}): string {
  const line: CommandLine = parseCommandLine(argv, env);
  if (line.kind !== 'refused') throw new Error(`not refused: ${JSON.stringify(line)}`);
  return line.message;
}

function served(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const line = parseCommandLine(argv, env);
  if (line.kind !== 'serve') throw new Error(`not served: ${JSON.stringify(line)}`);
  return line.args;
}

/** The real command: its exit code and what it printed (it exits before listening on every case here). */
async function run(args: string[], env: Record<string, string> = {}) {
  const child = spawn(...sandbankCommand(args), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('sandbank serve refuses a port that is not decimal digits 0 to 65535', () => {
  it.each(['', ' ', '0x1F90', '1e3', '-1', '65536', '80.0', '+80'])('--port %j', (port) => {
    expect(refusal(['serve', `--port=${port}`])).toContain('--port must be a port number');
  });

  it.each(['', ' ', '0x1F90'])('PORT=%j', (port) => {
    expect(refusal(['serve'], { PORT: port })).toContain('PORT must be a port number');
  });

  it('takes decimal ports, 0 for a free one', () => {
    expect(served(['serve', '--port', '8080']).port).toBe(8080);
    expect(served(['serve', '--port', '0']).port).toBe(0);
    expect(served(['serve'], { PORT: '9000' }).port).toBe(9000);
    expect(served(['serve', '--port', '65535'], { PORT: 'x' }).port).toBe(65535);
  });
});

describe('sandbank serve refuses a host or public URL it could not serve', () => {
  it.each(['', ' ', 'a b', 'localhost:80', 'http://x', 'a/b', 'user@host'])('--host %j', (host) => {
    expect(refusal(['serve', '--host', host])).toContain('--host must be a host name or an IP address');
  });

  it('takes names and addresses', () => {
    for (const host of ['localhost', '127.0.0.1', '0.0.0.0', '::', '::1', 'bank.internal']) {
      expect(served(['serve', '--host', host]).host).toBe(host);
    }
  });

  it.each(['http://a b', 'http://x:99999', 'http://[::1', 'ftp://x', 'http://x/?q', 'http://u@x'])(
    '--public-url %j',
    (url) => {
      expect(refusal(['serve', '--public-url', url])).toContain('--public-url must be http(s)://host');
    },
  );

  it('takes an origin with a prefix', () => {
    expect(served(['serve', '--public-url', 'http://localhost:18732/bank']).publicUrl).toBe(
      'http://localhost:18732/bank',
    );
  });
});

describe('sandbank refuses what it does not know, naming it', () => {
  it('an unknown flag, or a flag without its value', () => {
    expect(refusal(['serve', '--prot', '80'])).toContain("'--prot'");
    expect(refusal(['serve', '--port'])).toContain("'--port");
  });

  it('an unknown command and extra arguments', () => {
    expect(refusal(['nonsense'])).toContain('"nonsense"');
    expect(refusal(['serve', 'extra'])).toContain('"extra"');
    expect(refusal(['serve', '--port', '0', 'a', 'b'])).toContain('"a b"');
  });

  it('exits 2 with the message on stderr, as a bad value does', async () => {
    const [host, flag, command, extra, port] = await Promise.all([
      run(['serve', '--host', '']),
      run(['serve', '--prot', '80']),
      run(['nonsense']),
      run(['serve', 'extra']),
      run(['serve'], { PORT: '' }),
    ]);
    expect(host).toMatchObject({ code: 2, stdout: '' });
    expect(host.stderr).toContain('sandbank: --host must be');
    expect(flag).toMatchObject({ code: 2, stdout: '' });
    expect(flag.stderr).toContain("Unknown option '--prot'");
    expect(command).toMatchObject({ code: 2, stdout: '' });
    expect(command.stderr).toMatch(/sandbank: unknown command "nonsense"[\s\S]*Usage: sandbank serve/);
    expect(extra).toMatchObject({ code: 2, stdout: '' });
    expect(port).toMatchObject({ code: 2, stdout: '' });
    expect(port.stderr).toContain('PORT must be a port number');
  });
});
