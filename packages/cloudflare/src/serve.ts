#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startLocal } from './local.js';

// `pnpm serve:cloud [--port N] [--host H] [--persist DIR]`: the hosted banks in a local workerd.

const USAGE = `Usage: pnpm serve:cloud [--port N] [--host H] [--persist DIR] [--anonymous]

Runs the hosted-bank Worker (packages/cloudflare) in a local workerd through Miniflare.
  --port N       listen on N (default 8787; PORT also works; 0 picks a free port)
  --host H       listen on H (default 127.0.0.1)
  --persist DIR  keep every bank's storage in DIR across restarts (default: memory only)
  --anonymous    let anyone create a bank without the admin token (rate-limited per client)
The admin token is SANDBANK_ADMIN_TOKEN, else a generated one (printed).`;

export async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      persist: { type: 'string' },
      anonymous: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const port = Number(values.port ?? process.env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve:cloud: --port must be a port number, got ${values.port ?? process.env.PORT}`);
    return 2;
  }
  const runtime = await startLocal({
    port,
    host: values.host ?? '127.0.0.1',
    ...(values.persist === undefined ? {} : { persist: values.persist }),
    ...(values.anonymous ? { vars: { SANDBANK_ANONYMOUS_CREATE: 'on' } } : {}),
  });
  const generated = process.env.SANDBANK_ADMIN_TOKEN === undefined;
  console.log(`Sandbank hosted banks (local workerd) listening on ${runtime.url}`);
  console.log(
    `admin token${generated ? ' (generated; set SANDBANK_ADMIN_TOKEN to choose it)' : ''}: ${runtime.adminToken}`,
  );
  console.log(
    `create a bank: curl -X POST ${runtime.url}/tenants -H 'Authorization: Bearer ${runtime.adminToken}'`,
  );
  console.log(
    values.persist === undefined ? 'state: in memory (--persist DIR keeps it)' : `state: ${values.persist}`,
  );
  const stop = () => {
    runtime.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 0) process.exit(code);
  },
  (error: unknown) => {
    console.error('serve:cloud:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
