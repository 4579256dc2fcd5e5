// Attribute type names for distinguished names: RFC 4514 §3 (the RFC 2253 table) plus the names
// OpenSSL prints for eIDAS attributes, and every alias a TPP's library might put in keyId.

/** RFC 4514 §3 short names, written when formatting (RFC 2253 §2.3). */
const RFC4514_NAMES: Readonly<Record<string, string>> = {
  '2.5.4.3': 'CN',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.9': 'STREET',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

/** Names OpenSSL's `-nameopt RFC2253` writes for attributes outside the RFC 4514 table. */
const EXTRA_NAMES: Readonly<Record<string, string>> = {
  '2.5.4.97': 'organizationIdentifier',
  '2.5.4.5': 'serialNumber',
  '1.2.840.113549.1.9.1': 'emailAddress',
  '2.5.4.42': 'GN',
  '2.5.4.4': 'SN',
  '2.5.4.12': 'title',
  '2.5.4.65': 'pseudonym',
  '2.5.4.17': 'postalCode',
  '2.5.4.15': 'businessCategory',
};

/** Lower-case alias → OID, for reading keyId issuers written by any library. */
const ALIASES: Readonly<Record<string, string>> = {
  cn: '2.5.4.3',
  commonname: '2.5.4.3',
  l: '2.5.4.7',
  localityname: '2.5.4.7',
  st: '2.5.4.8',
  s: '2.5.4.8',
  stateorprovincename: '2.5.4.8',
  o: '2.5.4.10',
  organizationname: '2.5.4.10',
  ou: '2.5.4.11',
  organizationalunitname: '2.5.4.11',
  c: '2.5.4.6',
  countryname: '2.5.4.6',
  street: '2.5.4.9',
  streetaddress: '2.5.4.9',
  dc: '0.9.2342.19200300.100.1.25',
  domaincomponent: '0.9.2342.19200300.100.1.25',
  uid: '0.9.2342.19200300.100.1.1',
  userid: '0.9.2342.19200300.100.1.1',
  organizationidentifier: '2.5.4.97',
  serialnumber: '2.5.4.5',
  emailaddress: '1.2.840.113549.1.9.1',
  email: '1.2.840.113549.1.9.1',
  e: '1.2.840.113549.1.9.1',
  gn: '2.5.4.42',
  givenname: '2.5.4.42',
  sn: '2.5.4.4',
  surname: '2.5.4.4',
  title: '2.5.4.12',
  pseudonym: '2.5.4.65',
  postalcode: '2.5.4.17',
  businesscategory: '2.5.4.15',
};

/** The name written for an attribute type, or its dotted OID (RFC 2253 §2.3). */
export function attributeTypeName(oid: string): string | null {
  return RFC4514_NAMES[oid] ?? EXTRA_NAMES[oid] ?? null;
}

/** Resolves `CN`, `commonName`, `OID.2.5.4.3` or `2.5.4.3` (any case) to the OID, or null. */
export function attributeTypeOid(name: string): string | null {
  const trimmed = name.trim().replace(/^oid\./i, '');
  if (/^\d+(\.\d+)+$/.test(trimmed)) return trimmed;
  return ALIASES[trimmed.toLowerCase()] ?? null;
}
