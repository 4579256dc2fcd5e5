import { createSandbox } from '../packages/engine/src/index.ts';
import { consent, KARI, START } from '../packages/engine/test/support/ais.ts';
const unsigned = createSandbox({ now: () => START, signatures: 'off' });
const psu2 = await consent(unsigned, { nationalId: KARI, context: 'PRIVATE', accounts: 'all' });
const req2 = new Request('https://bank.example/v1/accounts', { headers: { 'x-request-id': 'x', ...psu2.headers } });
for (let i = 0; i < 8000; i++) await (await unsigned.fetch(req2.clone())).text();
