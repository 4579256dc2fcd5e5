import { constants } from 'node:buffer';
import { once } from 'node:events';
import { connect } from 'node:net';
import { NOW } from '@sandbank/test-support/payments';
import { describe, expect, it } from 'vitest';
import { oneByteJsonOf, oneByteText } from '../../src/gateway/json-text.js';
import { DEFAULT_MAX_CONTROL_BODY } from '../../src/node/guard.js';
import { createSandbox } from '../../src/sandbox.js';
import { servedBank } from './served.js';

/** The one-byte text json-text.ts makes of a body, or null. */
function jsonTextOf(bytes: Uint8Array, minBytes?: number, maxLength?: number) {
  const json = oneByteJsonOf([bytes], bytes.length, minBytes, maxLength);
  return json === null ? null : { text: oneByteText(json) };
}

// A control-plane body is held as one string to be parsed: a body longer than V8's longest string
// (2^29 - 24) was a 500 (ERR_STRING_TOO_LONG) although within the documented 512 MiB. The limit is
// now that length, and a body over it is 413 as any other body over a limit. No test sends 512 MiB:
// the bodies declare their length, which is refused before a byte is read.

const TOO_LONG = constants.MAX_STRING_LENGTH + 1;

const bank = servedBank();

function declaring(length: number): Request {
  return new Request('http://bank.test/_sandbank/state', {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'content-length': String(length) },
    body: '{}',
  });
}

describe('the control plane takes no body it cannot decode', () => {
  it('the default limits are within the longest string', () => {
    expect(DEFAULT_MAX_CONTROL_BODY).toBeLessThanOrEqual(constants.MAX_STRING_LENGTH);
  });

  it('sandbox.fetch: a body declared longer is 413, by default and whatever the configured limit', async () => {
    for (const sandbox of [
      createSandbox({ now: () => NOW }),
      createSandbox({ now: () => NOW, maxControlBodyBytes: 2 ** 31 }),
    ]) {
      const response = await sandbox.fetch(declaring(TOO_LONG));
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ tppMessages: [{ code: 'FORMAT_ERROR' }] });
    }
  });

  it('sandbank serve: a body declared longer is 413 before it is read', async () => {
    const socket = connect(bank.port(), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
    });
    const closed = once(socket, 'close');
    await once(socket, 'connect');
    socket.write(
      'PUT /_sandbank/state HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
        `content-length: ${TOO_LONG}\r\n\r\n{`,
    );
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toContain('"FORMAT_ERROR"');
  });

  it('a large body whose escaped text would be too long is left to the exact decoder', () => {
    // '€' is three bytes and a six-character escape: 7 bytes make a 10-character text.
    const bytes = new TextEncoder().encode('["€"]');
    expect(jsonTextOf(bytes, 0, 10)?.text).toBe('["\\u20ac"]');
    expect(jsonTextOf(bytes, 0, 9)).toBeNull();
  });
});
