// part 5.1 rule 3: keyId `SN=<serial hex>,CA=<issuer RFC 2253>` must name the certificate sent. keyId is
// not part of the signing string, so each rewrite below keeps a valid signature.
import { describe, expect, it } from 'vitest';
import { failure, fixtures, tamper, vector, vectorNow, vectorRequest, verifyRequest } from './support.js';

const v = vector('GET accounts with Date');
const now = vectorNow(v);

async function withKeyId(keyId: string) {
  const request = vectorRequest(v);
  const quoted = keyId.replace(/["\\]/g, '\\$&');
  const signature = request.headers.get('signature')!.replace(/keyId="[^"]*"/, () => `keyId="${quoted}"`);
  return verifyRequest(await tamper(request, { Signature: signature }), { now });
}

describe('keyId', () => {
  it('names the openssl certificate as written by make-fixtures.sh', () => {
    expect(fixtures.keyId).toBe('SN=E1F2A3B4C5D6E7F8,CA=CN=Fixture Test CA,O=Sandbank Fixtures,C=NO');
  });

  it('is rejected with another serial', async () => {
    const verdict = failure(
      await withKeyId('SN=E1F2A3B4C5D6E7F9,CA=CN=Fixture Test CA,O=Sandbank Fixtures,C=NO'),
    );
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toBe(
      'keyId serial E1F2A3B4C5D6E7F9 does not match certificate serial E1F2A3B4C5D6E7F8',
    );
  });

  it('is rejected with the serial in decimal, and the text says so', async () => {
    const decimal = BigInt('0xE1F2A3B4C5D6E7F8').toString(10);
    const verdict = failure(await withKeyId(`SN=${decimal},CA=${fixtures.issuer}`));
    expect(verdict.text).toContain('keyId has it in decimal; part 5.1 rule 3 wants upper-case hex');
  });

  it('is rejected with another issuer', async () => {
    const verdict = failure(await withKeyId('SN=E1F2A3B4C5D6E7F8,CA=CN=Other CA,O=Sandbank Fixtures,C=NO'));
    expect(verdict).toMatchObject({ code: 'BAD_REQUEST', header: 'Signature' });
    expect(verdict.text).toBe(
      'keyId issuer CN=Other CA,O=Sandbank Fixtures,C=NO does not match certificate issuer ' +
        'CN=Fixture Test CA,O=Sandbank Fixtures,C=NO',
    );
  });

  it('is rejected when it is not SN=…,CA=…', async () => {
    const verdict = failure(await withKeyId('9FA1'));
    expect(verdict.text).toContain('is not SN=<serial hex>,CA=<issuer DN> (part 5.1 rule 3)');
  });

  it('is rejected with an unknown attribute type in the issuer', async () => {
    const verdict = failure(await withKeyId('SN=E1F2A3B4C5D6E7F8,CA=XYZ=Fixture Test CA'));
    expect(verdict.text).toContain('unknown attribute type "XYZ"');
  });

  it.each([
    ['%20 for spaces', 'SN=E1F2A3B4C5D6E7F8,CA=CN=Fixture%20Test%20CA,O=Sandbank%20Fixtures,C=NO'],
    [
      'X.500 display form with spaces',
      'SN=E1F2A3B4C5D6E7F8, CA=CN = Fixture Test CA, O = Sandbank Fixtures, C = NO',
    ],
    ['X.500 order (country first)', 'SN=E1F2A3B4C5D6E7F8,CA=C=NO,O=Sandbank Fixtures,CN=Fixture Test CA'],
    ['OpenSSL slash form', 'SN=E1F2A3B4C5D6E7F8,CA=/C=NO/O=Sandbank Fixtures/CN=Fixture Test CA'],
    [
      'lower-case types, values and serial',
      'sn=e1f2a3b4c5d6e7f8,ca=cn=fixture test ca,o=sandbank fixtures,c=no',
    ],
    [
      'long attribute names',
      'SN=E1F2A3B4C5D6E7F8,CA=commonName=Fixture Test CA,organizationName=Sandbank Fixtures,countryName=NO',
    ],
    [
      'OIDs and a #hex value',
      'SN=E1F2A3B4C5D6E7F8,CA=2.5.4.3=Fixture Test CA,OID.2.5.4.10=Sandbank Fixtures,2.5.4.6=#13024e4f',
    ],
    ['quoted and escaped values', 'SN=E1F2A3B4C5D6E7F8,CA=CN="Fixture Test CA",O=Sandbank\\20Fixtures,C=NO'],
    ['a backslash-escaped space', 'SN=E1F2A3B4C5D6E7F8,CA=CN=Fixture\\ Test CA,O=Sandbank Fixtures,C=NO'],
    [
      'the DER sign byte in the serial',
      'SN=00E1F2A3B4C5D6E7F8,CA=CN=Fixture Test CA,O=Sandbank Fixtures,C=NO',
    ],
    ['a colon-separated serial', 'SN=E1:F2:A3:B4:C5:D6:E7:F8,CA=CN=Fixture Test CA,O=Sandbank Fixtures,C=NO'],
  ])('is accepted with %s', async (_form, keyId) => {
    expect(await withKeyId(keyId)).toMatchObject({ ok: true });
  });
});
