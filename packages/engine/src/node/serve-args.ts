import { parseArgs } from 'node:util';
import type { Profile } from '../core/context.js';
import { CONTROL_ROOT } from '../sandbox.js';
import { DEFAULT_HOST, DEFAULT_PORT } from './server.js';

// `sandbank`'s command line as plain data, so every refusal is decided (and tested) before anything
// starts. A refusal is exit 2 with a message naming what was wrong: a bad value, an unknown flag, an
// unknown command, an argument too many.

export const USAGE = `Usage: sandbank serve [--port N] [--host H] [--profile sandbox|production] [--seed S] [--signatures required|off]
                     [--base-path /api-sandbox/v1] [--clock-skew bank-or-source|bank-only]
                     [--accept-fix-defaults bank-clock|legacy] [--public-url URL]
                     [--control-plane on|off] [--control-token T]
       sandbank init <publicDir>

serve  serves the Sandbank engine over HTTP (default http://${DEFAULT_HOST}:${DEFAULT_PORT}; PORT also works)
init   copies the service worker script into an app's public folder (needs @sandbank/service-worker)

--accept-fix-defaults  bank-clock (default): each x-accept-fix fix is the default from its part 9 date
                       on the bank clock; legacy: all fixes stay opt-in (amounts as JSON numbers unless
                       the client sends x-accept-fix: amount-as-string), as the platform's recorded traffic
--public-url           the origin (and optional path prefix) links point at, e.g. https://bank.example;
                       default: the bound address. Its host is also answered besides loopback names
--control-plane        on (default in the sandbox profile) or off (default in production)
--control-token        the Bearer token of /_sandbank/* (also SANDBANK_CONTROL_TOKEN); needed on a
                       non-loopback --host, where one is generated and printed when none is given`;

export interface ServeArgs {
  port: number;
  host: string;
  profile: Profile;
  signatures: 'required' | 'off';
  basePath: string;
  clockSkew: 'bank-or-source' | 'bank-only';
  acceptFixDefaults: 'bank-clock' | 'legacy';
  publicUrl: string | undefined;
  seed: string | undefined;
  controlPlane: string | undefined;
  token: string | undefined;
  /** Where the token came from, for the start line. */
  tokenSource: '--control-token' | 'SANDBANK_CONTROL_TOKEN';
}

export type CommandLine =
  | { kind: 'serve'; args: ServeArgs }
  | { kind: 'init'; args: string[] }
  | { kind: 'help' }
  /** Exit 2: `message` on stderr, followed by the usage when `usage`. */
  | { kind: 'refused'; message: string; usage: boolean };

const refused = (message: string, usage = false): CommandLine => ({ kind: 'refused', message, usage });

/** A port is decimal digits, 0 (any free port) to 65535: not '', not ' ', not 0x1F90, not 1e3. */
export function parsePort(text: string): number | null {
  if (!/^[0-9]{1,5}$/.test(text)) return null;
  const port = Number(text);
  return port <= 65535 ? port : null;
}

/** A host to bind: a name or an IP address that makes a URL's host (never '', which binds everything). */
export function checkBindHost(host: string): boolean {
  if (!/^[A-Za-z0-9._:%-]+$/.test(host)) return false;
  const shown = host.includes(':') ? `[${host}]` : host;
  try {
    const url = new URL(`http://${shown}/`);
    return url.hostname !== '' && url.port === '' && url.pathname === '/' && url.username === '';
  } catch {
    return false;
  }
}

/** `http(s)://host[:port][/prefix]` that the URL parser accepts as it is written. */
export function checkPublicUrl(text: string): boolean {
  if (!/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(text)) return false;
  try {
    const url = new URL(text);
    return url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

function oneOf<T extends string>(value: string, allowed: readonly T[]): value is T {
  return (allowed as readonly string[]).includes(value);
}

export function parseCommandLine(argv: readonly string[], env: NodeJS.ProcessEnv): CommandLine {
  if (argv[0] === 'init') return { kind: 'init', args: argv.slice(1) };
  let parsed: ReturnType<typeof parseServeFlags>;
  try {
    parsed = parseServeFlags(argv);
  } catch (error) {
    // parseArgs names the flag: "Unknown option '--prot'", "Option '--port <value>' argument missing".
    return refused(error instanceof Error ? error.message : String(error), true);
  }
  const { values, positionals } = parsed;
  if (values.help) return { kind: 'help' };
  const [command = 'serve', ...extra] = positionals;
  if (command !== 'serve') return refused(`unknown command ${JSON.stringify(command)}`, true);
  if (extra.length > 0)
    return refused(`serve takes no arguments, got ${JSON.stringify(extra.join(' '))}`, true);

  const portName = values.port !== undefined ? '--port' : 'PORT';
  const portText = values.port ?? env.PORT ?? String(DEFAULT_PORT);
  const port = parsePort(portText);
  if (port === null) {
    return refused(
      `${portName} must be a port number (decimal, 0 to 65535), got ${JSON.stringify(portText)}`,
    );
  }
  const host = values.host ?? DEFAULT_HOST;
  if (!checkBindHost(host)) {
    return refused(
      `--host must be a host name or an IP address (0.0.0.0 for every interface), got ${JSON.stringify(host)}`,
    );
  }
  const profile = values.profile ?? 'sandbox';
  if (!oneOf(profile, ['sandbox', 'production'] as const)) {
    return refused(`--profile must be sandbox or production, got ${profile}`);
  }
  const signatures = values.signatures ?? 'required';
  if (!oneOf(signatures, ['required', 'off'] as const)) {
    return refused(`--signatures must be required or off, got ${signatures}`);
  }
  // The API's base path (default /v1); the platform's own sandbox serves under /api-sandbox/v1.
  const basePath = values['base-path'] ?? '/v1';
  // A `.` or `..` segment is resolved away by every client's URL parser: no request could reach it.
  const dotSegment = basePath.split('/').some((segment) => segment === '.' || segment === '..');
  if (!/^(\/[A-Za-z0-9._~-]+)+\/?$/.test(basePath) || basePath.startsWith(CONTROL_ROOT) || dotSegment) {
    return refused(
      `--base-path must be a path such as /api-sandbox/v1 (outside ${CONTROL_ROOT}, no . or .. segment), got ${basePath}`,
    );
  }
  const clockSkew = values['clock-skew'] ?? 'bank-or-source';
  if (!oneOf(clockSkew, ['bank-or-source', 'bank-only'] as const)) {
    return refused(`--clock-skew must be bank-or-source or bank-only, got ${clockSkew}`);
  }
  const acceptFixDefaults = values['accept-fix-defaults'] ?? 'bank-clock';
  if (!oneOf(acceptFixDefaults, ['bank-clock', 'legacy'] as const)) {
    return refused(`--accept-fix-defaults must be bank-clock or legacy, got ${acceptFixDefaults}`);
  }
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !checkPublicUrl(publicUrl)) {
    return refused(`--public-url must be http(s)://host[:port][/prefix], got ${publicUrl}`);
  }
  return {
    kind: 'serve',
    args: {
      port,
      host,
      profile,
      signatures,
      basePath,
      clockSkew,
      acceptFixDefaults,
      publicUrl,
      seed: values.seed || undefined,
      controlPlane: values['control-plane'],
      token: values['control-token'] ?? env.SANDBANK_CONTROL_TOKEN,
      tokenSource: values['control-token'] !== undefined ? '--control-token' : 'SANDBANK_CONTROL_TOKEN',
    },
  };
}

function parseServeFlags(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      profile: { type: 'string' },
      seed: { type: 'string' },
      signatures: { type: 'string' },
      'base-path': { type: 'string' },
      'clock-skew': { type: 'string' },
      'accept-fix-defaults': { type: 'string' },
      'public-url': { type: 'string' },
      'control-plane': { type: 'string' },
      'control-token': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
