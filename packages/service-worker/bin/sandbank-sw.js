#!/usr/bin/env node
// The `sandbank-sw` command (init): the CLI built into dist/, which `npm pack`/`pnpm pack` build
// (prepack). A folder install of an unbuilt checkout gets told how to build it.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error(
    `sandbank-sw: ${cli.pathname} is missing: this copy of @sandbank/service-worker is not built. In the Sandbank checkout run \`npx --yes pnpm@10 install && npx --yes pnpm@10 build\`.`,
  );
  process.exit(1);
}
const { runCli } = await import(cli.href);
process.exitCode = runCli(process.argv.slice(2));
