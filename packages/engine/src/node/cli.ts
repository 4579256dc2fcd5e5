#!/usr/bin/env node
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSandbox } from '../sandbox.js';
import { parseCommandLine, USAGE } from './serve-args.js';
import { decideOwner, describeOwner, localBase, servedHosts } from './serve-options.js';
import { createSandboxServer, listen } from './server.js';
import { shutdown } from './shutdown.js';

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
  const line = parseCommandLine(argv, process.env);
  if (line.kind === 'init') return init(line.args);
  if (line.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (line.kind === 'refused') {
    console.error(`sandbank: ${line.message}`);
    if (line.usage) console.error(USAGE);
    return 2;
  }
  const { port, host, profile, signatures, basePath, clockSkew, acceptFixDefaults, publicUrl, seed } =
    line.args;
  const { token, tokenSource } = line.args;
  const owner = decideOwner({ profile, host, controlPlane: line.args.controlPlane, token });
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
    ...(seed ? { seed } : {}),
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
  const base = localBase(url, publicUrl);
  console.log(
    `Sandbank (${profile} profile, signatures ${signatures}, accept-fix defaults ${acceptFixDefaults}) listening on ${base}${sandbox.options.basePath}`,
  );
  for (const text of describeOwner(owner, base, tokenSource)) console.log(text);
  // Answers being made finish; idle connections and requests still arriving are closed (shutdown.ts).
  const stop = () => shutdown(server).then(() => process.exit(0));
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
