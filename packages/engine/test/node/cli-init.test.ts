import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('sandbank init', () => {
  it('hands over to the service-worker package, which names what it needs', () => {
    const result = spawnSync(
      'pnpm',
      ['exec', 'tsx', '--conditions=@sandbank/source', 'packages/engine/src/node/cli.ts', 'init'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('init <publicDir>');
  });

  it('names an unknown command and prints its usage on stderr', () => {
    const result = spawnSync(
      'pnpm',
      ['exec', 'tsx', '--conditions=@sandbank/source', 'packages/engine/src/node/cli.ts', 'nonsense'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('unknown command "nonsense"');
    expect(result.stderr).toContain('sandbank init <publicDir>');
  });
});

describe('sandbank serve options', () => {
  it('refuses an unknown --signatures value', () => {
    const result = spawnSync(
      'pnpm',
      [
        'exec',
        'tsx',
        '--conditions=@sandbank/source',
        'packages/engine/src/node/cli.ts',
        'serve',
        '--signatures',
        'maybe',
        '--port',
        '0',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--signatures must be required or off');
  });

  it('refuses an unknown --clock-skew value', () => {
    const result = spawnSync(
      'pnpm',
      [
        'exec',
        'tsx',
        '--conditions=@sandbank/source',
        'packages/engine/src/node/cli.ts',
        'serve',
        '--clock-skew',
        'loose',
        '--port',
        '0',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--clock-skew must be bank-or-source or bank-only');
  });
});
