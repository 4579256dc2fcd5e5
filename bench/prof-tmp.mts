import { createSandbox } from '../packages/engine/src/index.ts';
import { consent, KARI, START } from '../packages/engine/test/support/ais.ts';
import { signFor, signing, TEST_TPP_REGISTRATION } from '../packages/engine/test/support/signing.ts';
const raw = createSandbox({ now: () => START, registeredTpps: [TEST_TPP_REGISTRATION] });
const psu = await consent(signing(raw), { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
const req = await signFor(raw, new Request('https://bank.example/v1/accounts', { headers: { 'x-request-id': 'x', ...psu.headers } }));
const unsigned = createSandbox({ now: () => START, signatures: 'off' });
const psu2 = await consent(unsigned, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
const req2 = new Request('https://bank.example/v1/accounts', { headers: { 'x-request-id': 'x', ...psu2.headers } });
for (const [name, sb, r] of [['signed', raw, req], ['unsigned', unsigned, req2]] as const) {
  for (let i = 0; i < 500; i++) await (await sb.fetch(r.clone())).text();
  const t = performance.now();
  for (let i = 0; i < 3000; i++) await (await sb.fetch(r.clone())).text();
  console.log(name, ((performance.now() - t) / 3000 * 1000).toFixed(0), 'µs');
}
const subtle = crypto.subtle;
