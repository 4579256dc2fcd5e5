// `pnpm openapi:answers`: sends every example of the OpenAPI document to a freshly seeded bank and
// records the answers in packages/engine/src/control/openapi-answers.json, the examples' documented
// answers. test/conformance/openapi-examples.test.ts sends them again and fails when the bank no
// longer answers as recorded: then check the change is meant, and record again.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { docsKey } from '../packages/engine/src/core/route-docs.js';
import { openApiSources } from '../packages/engine/src/route-docs.js';
import { routes } from '../packages/engine/src/routes.js';
import { sendExample } from '../test/conformance/openapi-examples.js';

const answers: Record<string, unknown> = {};
for (const route of routes) {
  const key = docsKey(route);
  for (const [name, example] of Object.entries(openApiSources.docs[key]?.examples ?? {})) {
    const answer = await sendExample(route, example);
    if (answer.status !== example.status) {
      throw new Error(`${key} example ${name}: documented ${example.status}, answered ${answer.status}`);
    }
    if (example.showAnswer !== false && answer.body !== undefined && typeof answer.body !== 'string') {
      answers[`${key} ${name}`] = answer.body;
    }
  }
}

// Data, not code: JSON (imported with a JSON import), keyed `<METHOD path> <example>`, answers of a freshly
// seeded bank (clock 2026-03-02T10:00:00Z). Never edited by hand: test/conformance/openapi-examples.test.ts
// checks them.
const file = fileURLToPath(new URL('../packages/engine/src/control/openapi-answers.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(answers, null, 2)}\n`);
execFileSync(
  process.execPath,
  [
    fileURLToPath(new URL('../node_modules/@biomejs/biome/bin/biome', import.meta.url)),
    'format',
    '--write',
    file,
  ],
  { stdio: 'inherit' },
);
console.log(`recorded ${Object.keys(answers).length} answers in ${file}`);
