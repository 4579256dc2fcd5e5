// RFC 2253 / RFC 4514 names: written the way openssl -nameopt RFC2253 writes them, and read in the forms
// TPP libraries produce.
import { describe, expect, it } from 'vitest';
import { escapeDnValue } from '../../src/security/distinguished-name.js';
import { parseDistinguishedName } from '../../src/security/parse-distinguished-name.js';

const canonical = (text: string) => {
  const parsed = parseDistinguishedName(text);
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.canonical;
};

describe('distinguished names', () => {
  it('compare equal across spacing, case, order and attribute spelling', () => {
    const base = canonical('CN=Buypass Class 3 CA 3,O=Buypass AS-983163327,C=NO');
    for (const form of [
      'C=NO, O=Buypass AS-983163327, CN=Buypass Class 3 CA 3',
      'cn = buypass class 3 ca 3 ; o = BUYPASS AS-983163327 ; c = no',
      '/C=NO/O=Buypass AS-983163327/CN=Buypass Class 3 CA 3',
      'commonName=Buypass  Class 3 CA 3,organizationName=Buypass AS-983163327,countryName=NO',
    ]) {
      expect(canonical(form)).toBe(base);
    }
  });

  it('differ when a value differs', () => {
    expect(canonical('CN=A CA,C=NO')).not.toBe(canonical('CN=B CA,C=NO'));
  });

  it('read escaped separators and UTF-8 hex escapes', () => {
    expect(canonical('CN=Foo\\, Inc.,C=NO')).toBe(canonical('CN="Foo, Inc.",C=NO'));
    expect(canonical('O=Sparebanken S\\C3\\B8r,C=NO')).toBe(canonical('O=Sparebanken Sør,C=NO'));
  });

  it('read organizationIdentifier by name or OID, with a #hex BER value', () => {
    const utf8 = Array.from(new TextEncoder().encode('PSDNO-FSA-933012867'), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    const byName = canonical('organizationIdentifier=PSDNO-FSA-933012867,C=NO');
    expect(canonical(`2.5.4.97=#0c13${utf8},C=NO`)).toBe(byName);
    expect(canonical('OID.2.5.4.97=PSDNO-FSA-933012867,C=NO')).toBe(byName);
  });

  it.each([
    ['', 'the distinguished name is empty'],
    ['CN', '"CN" is not a type=value pair'],
    ['XX=1', 'unknown attribute type "XX"'],
    ['CN="open', 'a quoted value is not closed'],
    ['CN=#abc', 'the #hex value of CN is not whole bytes'],
  ])('report a problem for %j', (text, problem) => {
    expect(parseDistinguishedName(text)).toEqual({ ok: false, problem });
  });

  it('escape values per RFC 2253 §2.4', () => {
    expect(escapeDnValue('Foo, Inc.')).toBe('Foo\\, Inc.');
    expect(escapeDnValue('#1 ')).toBe('\\#1\\ ');
    expect(escapeDnValue('a+b;c<d>"e"\\')).toBe('a\\+b\\;c\\<d\\>\\"e\\"\\\\');
  });
});
