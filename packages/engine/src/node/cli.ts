#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { Profile } from '../core/context.js';
import { CONTROL_ROOT, createSandbox } from '../sandbox.js';
import { decideOwner, describeOwner, servedHosts } from './serve-options.js';
import { createSandboxServer, DEFAULT_HOST, DEFAULT_PORT, listen } from './server.js';

const USAGE = `Usage: sandbank serve [--port N] [--host H] [--profile sandbox|production] [--seed S] [--signatures required|off]
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

/**
 * `sandbank init` belongs to the service-worker package (`sandbank-sw init`), which depends on this
 * one. The engine does not depend on it back: the command finds the worker in the user's project
 * (resolved from the working directory) when it runs, and hands over to its CLI.
 */
async function init(args: string[]): Promise<number> {
  let cli: { runCli(args: readonly string[]): number };
  try {
    const fromProject = createRequire(join(process.cwd(), 'package.json'));
    cli = (await import(
      pathToFileURL(fromProject.resolve('@sandbank/service-worker/cli')).href
    )) as typeof cli;
  } catch {
    console.error(
      'sandbank init: install @sandbank/service-worker in this project first (npm i -D @sandbank/service-worker), or run npx --no sandbank-sw init <publicDir>',
    );
    return 1;
  }
  return cli.runCli(['init', ...args]);
}

export async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'init') return init(argv.slice(1));
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
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
  const command = positionals[0] ?? 'serve';
  if (values.help || command !== 'serve') {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const port = Number(values.port ?? process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`sandbank: --port must be a port number, got ${values.port ?? process.env.PORT}`);
    return 2;
  }
  const profile = (values.profile ?? 'sandbox') as Profile;
  if (profile !== 'sandbox' && profile !== 'production') {
    console.error(`sandbank: --profile must be sandbox or production, got ${profile}`);
    return 2;
  }
  const signatures = values.signatures ?? 'required';
  if (signatures !== 'required' && signatures !== 'off') {
    console.error(`sandbank: --signatures must be required or off, got ${signatures}`);
    return 2;
  }
  // The API's base path (default /v1); the platform's own sandbox serves under /api-sandbox/v1.
  const basePath = values['base-path'] ?? '/v1';
  if (!/^(\/[A-Za-z0-9._~-]+)+\/?$/.test(basePath) || basePath.startsWith(CONTROL_ROOT)) {
    console.error(
      `sandbank: --base-path must be a path such as /api-sandbox/v1 (outside ${CONTROL_ROOT}), got ${basePath}`,
    );
    return 2;
  }
  const clockSkew = values['clock-skew'] ?? 'bank-or-source';
  if (clockSkew !== 'bank-or-source' && clockSkew !== 'bank-only') {
    console.error(`sandbank: --clock-skew must be bank-or-source or bank-only, got ${clockSkew}`);
    return 2;
  }
  const acceptFixDefaults = values['accept-fix-defaults'] ?? 'bank-clock';
  if (acceptFixDefaults !== 'bank-clock' && acceptFixDefaults !== 'legacy') {
    console.error(`sandbank: --accept-fix-defaults must be bank-clock or legacy, got ${acceptFixDefaults}`);
    return 2;
  }
  const host = values.host ?? DEFAULT_HOST;
  const publicUrl = values['public-url'];
  if (publicUrl !== undefined && !/^https?:\/\/[^/?#]+(\/[^?#]*)?$/.test(publicUrl)) {
    console.error(`sandbank: --public-url must be http(s)://host[:port][/prefix], got ${publicUrl}`);
    return 2;
  }
  const tokenSource = values['control-token'] !== undefined ? '--control-token' : 'SANDBANK_CONTROL_TOKEN';
  const token = values['control-token'] ?? process.env.SANDBANK_CONTROL_TOKEN;
  const owner = decideOwner({ profile, host, controlPlane: values['control-plane'], token });
  if (typeof owner === 'string') {
    console.error(`sandbank: ${owner}`);
    return 2;
  }
  const sandbox = createSandbox({
    profile,
    controlPlane: owner.access.kind !== 'off',
    ...(publicUrl === undefined ? {} : { publicUrl }),
    signatures,
    basePath,
    clockSkew,
    acceptFixDefaults,
    // The SCA pages' cookie and CSRF tokens must not be computable from the (public) seed.
    secret: randomBytes(32).toString('base64url'),
    ...(values.seed ? { seed: values.seed } : {}),
  });
  // Links point at the configured origin, never at the request's Host; the port is known once bound.
  const guard = {
    publicUrl: publicUrl ?? '',
    servedHosts: servedHosts(host, publicUrl),
    control: owner.access,
  };
  const server = createSandboxServer(sandbox, guard);
  const url = await listen(server, { port, host });
  guard.publicUrl = publicUrl ?? url;
  console.log(
    `Sandbank (${profile} profile, signatures ${signatures}, accept-fix defaults ${acceptFixDefaults}) listening on ${url}${sandbox.options.basePath}`,
  );
  for (const line of describeOwner(owner, url, tokenSource)) console.log(line);
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error('sandbank:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
