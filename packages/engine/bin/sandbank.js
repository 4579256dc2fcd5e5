#!/usr/bin/env node
// The `sandbank` command (serve, init): the CLI built into dist/, which `npm pack`/`pnpm pack` build
// (prepack). A folder install of an unbuilt checkout gets told how to build it.
import { existsSync } from 'node:fs';

const cli = new URL('../dist/node/cli.js', import.meta.url);
if (!existsSync(cli)) {
  console.error(
    `sandbank: ${cli.pathname} is missing: this copy of @sandbank/engine is not built. In the Sandbank checkout run \`npx --yes pnpm@10 install && npx --yes pnpm@10 build\`.`,
  );
  process.exit(1);
}
await import(cli.href);
