// A fresh process's first answer from Sandbank, as the README's Node quick start gets it: the
// packages imported (as built), a bank, the preset identity, one signed GET. Prints its marks (ms
// since the process started) as JSON, for bench/fresh-process.ts.
const start = performance.now();
const { createSandbox } = await import('@sandbank/engine');
const { presetIdentity, signRequest } = await import('@sandbank/engine/tpp');
const imported = performance.now();
const sandbox = createSandbox({ now: () => Date.parse('2026-03-02T10:00:00Z'), seed: 'my-test' });
const bank = performance.now();
const identity = await presetIdentity('both');
const identified = performance.now();
const request = await signRequest(new Request('http://localhost/v1/sandbox/customers'), identity);
const signed = performance.now();
const response = await sandbox.fetch(request);
const body = await response.json();
const answered = performance.now();
if (response.status !== 200 || body.length !== 4) throw new Error(`unexpected answer ${response.status}`);
console.log(JSON.stringify({ start, imported, bank, identified, signed, answered }));
