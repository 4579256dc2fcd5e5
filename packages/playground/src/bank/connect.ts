import { createStateMirror, registerSandbox } from '@sandbank/service-worker';
import type { BankConnection } from './connection.js';
import { createHostedConnection, hostedBankFromQuery } from './hosted.js';
import { createInPageConnection } from './in-page.js';
import { bankClockNow, setBankClockOffset, setSigner } from './sign.js';

/**
 * An exported state with 100 000 transactions is about 30 MB; the in-page bank accepts bodies that
 * large so export and import round-trip (the engine's default limit is 1 MiB).
 */
const IMPORT_LIMIT_BYTES = 128 * 1024 * 1024;

/** part 5.1: every request is signed; the playground signs as a generated test TPP with both roles. */
async function installSigner(): Promise<void> {
  try {
    // Its own chunk: certificate code (pkijs) is only needed to sign.
    const { presetIdentity, signRequest } = await import('@sandbank/engine/tpp');
    const identity = await presetIdentity('both');
    setSigner((request) => signRequest(request, identity, { now: bankClockNow() }));
  } catch (error) {
    console.warn(
      '[sandbank playground] no test identity (WebCrypto unavailable?); requests go unsigned',
      error,
    );
  }
}

/**
 * Which bank answers: a hosted bank named by `?bank=<baseUrl>&token=<controlToken>`, else the service
 * worker where the browser offers one, else an engine in the page.
 */
export type Transport = 'service-worker' | 'in-page' | 'hosted';

/**
 * The worker when the page is a secure context with `navigator.serviceWorker` (https:// or
 * http://localhost); `?bank=in-page` asks for the in-page engine anyway (e.g. to import a state
 * larger than the worker's 1 MiB body limit).
 */
export function pickTransport(): Transport {
  if (typeof location !== 'undefined' && hostedBankFromQuery(location.search) !== null) return 'hosted';
  if (typeof location !== 'undefined' && new URLSearchParams(location.search).get('bank') === 'in-page') {
    return 'in-page';
  }
  const secure = typeof isSecureContext === 'boolean' && isSecureContext;
  return secure && typeof navigator !== 'undefined' && 'serviceWorker' in navigator
    ? 'service-worker'
    : 'in-page';
}

/** Keeps the signer's clock on the bank clock, whichever tab moves it. */
function followBankClock(connection: BankConnection): BankConnection {
  connection.subscribe((event) => {
    if (event.type === 'commit') setBankClockOffset(event.commit.state.clock.offsetMs);
  });
  connection.getState().then(
    (state) => setBankClockOffset(state.clock.offsetMs),
    () => undefined,
  );
  return connection;
}

/** The one place that picks the transport; every view works the same over either. */
export async function connectBank(): Promise<{ connection: BankConnection; transport: Transport }> {
  const { connection, transport } = await pick();
  return { connection: followBankClock(connection), transport };
}

async function pick(): Promise<{ connection: BankConnection; transport: Transport }> {
  await installSigner();
  const hosted = typeof location === 'undefined' ? null : hostedBankFromQuery(location.search);
  if (hosted !== null) return { connection: createHostedConnection(hosted), transport: 'hosted' };
  if (pickTransport() === 'service-worker') {
    try {
      // autoSign: the Docs tab's Try it sends unsigned requests; the worker signs them (docs/interactive-docs.md).
      const registered = await registerSandbox({ fallback: false, autoSign: 'both' });
      // The worker's state, kept current from every tab's events (read-your-writes on fetch).
      return { connection: createStateMirror(registered), transport: 'service-worker' };
    } catch (error) {
      // The playground stays usable (the header says "in-page bank"); the message says how to fix the worker.
      console.warn('[sandbank playground] the service worker is not available; using an in-page bank', error);
    }
  }
  return {
    connection: createInPageConnection({ maxBodyBytes: IMPORT_LIMIT_BYTES }),
    transport: 'in-page',
  };
}
