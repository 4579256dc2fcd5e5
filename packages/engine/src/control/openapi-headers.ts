/**
 * The request headers of part 4.1 as OpenAPI parameters (`components.parameters`), and the
 * signature headers of part 5.1 as security schemes. Which of them an operation takes is decided
 * in openapi.ts from its route (required) and its docs (optional).
 */

type JsonSchema = Record<string, unknown>;

interface HeaderDoc {
  name: string;
  description: string;
  schema: JsonSchema;
  example?: string;
}

const UUID_SCHEMA = { type: 'string', format: 'uuid' };

/** Keyed by the lower-case name the route table uses. */
export const HEADER_DOCS: Record<string, HeaderDoc> = {
  'x-request-id': {
    name: 'X-Request-ID',
    description:
      'Unique per call, set by the TPP (part 4.1; required on all operations). Up to 100 characters. A signed write whose ' +
      'X-Request-ID this TPP already used within the signature window is refused as a replay (409 CONFLICT).',
    schema: { type: 'string', maxLength: 100 },
  },
  date: {
    name: 'Date',
    description:
      'RFC 7231 date, part of the signature (part 4.1: all signed calls; part 5.1 rule 1: at most 60 seconds from the ' +
      'bank clock). A browser cannot set `Date` on `fetch`: send `X-Date` instead, signed in its place.',
    schema: { type: 'string' },
  },
  digest: {
    name: 'Digest',
    description:
      'Base64 SHA-256 or SHA-512 hash of the body, `SHA-256=<base64>` (RFC 3230, RFC 5843). Required on create payment ' +
      '(P) and create sandbox account (S) by part 4.1; checked against the body whenever present and signed.',
    schema: { type: 'string' },
  },
  'x-accept-fix': {
    name: 'x-accept-fix',
    description:
      'Opt-in breaking changes, comma-separated (part 9 rule 2): `amount-as-string`, `cardaccount-switch-originalamount-' +
      'and-transactionamount`, `longer-names`, `cash-account-type-iso`. All four are the default by the bank clock since ' +
      'their dates in part 9. Required on B, T and P (part 4.1).',
    schema: { type: 'string' },
    example: 'amount-as-string',
  },
  'tpp-session-id': {
    name: 'TPP-Session-ID',
    description:
      'The TPP\u2019s session (part 5.2 rule 6): an SCA under a session id lasts up to 1 hour, and within it no new SCA is ' +
      'asked for. Required on B, T and P (part 4.1); up to 100 characters; comes back in the SCA redirect.',
    schema: { type: 'string', maxLength: 100 },
    example: 'docs-session-1',
  },
  'tpp-redirect-uri': {
    name: 'TPP-Redirect-URI',
    description:
      'Absolute http(s) URL the PSU is sent to after SCA, with the part 5.3 query parameters (psu-id, tpp-session-id, ' +
      'context; or status, code, message on failure). Required on B, T and P (part 4.1); part 5.2 rule 2 says to send it ' +
      'on every request.',
    schema: { type: 'string', format: 'uri' },
    example: 'https://tpp.example/callback',
  },
  'tpp-redirect-preferred': {
    name: 'TPP-Redirect-Preferred',
    description: '`false` asks for biometric authentication in mobile apps (part 5.2 rule 5); default true.',
    schema: { type: 'string', enum: ['true', 'false'] },
  },
  'tpp-brand-logging-information': {
    name: 'TPP-Brand-Logging-Information',
    description: 'The brand logged towards the PSU (part 4.1, optional on P).',
    schema: { type: 'string' },
  },
  'psu-id': {
    name: 'PSU-ID',
    description:
      'The psu-id the SCA redirect gave this TPP (part 5.3): stable per PSU, TPP and bank. Required on B and P (P takes ' +
      'X-PSU-IDENTITY instead), optional on T (part 4.1); sent on every call after SCA.',
    schema: UUID_SCHEMA,
  },
  'x-psu-identity': {
    name: 'X-PSU-IDENTITY',
    description:
      'Alternative to PSU-ID on create payment (part 4.1): a Norwegian national identity number or D-number (11 digits, ' +
      'both check digits).',
    schema: { type: 'string', pattern: '^[0-9]{11}$' },
  },
  'psu-corporate-id': {
    name: 'PSU-Corporate-ID',
    description:
      'The corporate agreement the PSU acts under (part 5.4): required for a PSU in corporate context (400 ' +
      'HTTP_HEADER_REQUIRED without it), one of the ids GET /v1/agreements lists or the redirect gave.',
    schema: { type: 'string' },
  },
  'psu-context': {
    name: 'PSU-Context',
    description:
      '`PRIVATE` or `CORPORATE`. Required on create payment (each payment is a single SCA), optional on T, where unset ' +
      'the PSU chooses during the first SCA (part 4.1).',
    schema: { type: 'string', enum: ['PRIVATE', 'CORPORATE'] },
  },
  'psu-ip-address': {
    name: 'PSU-IP-Address',
    description:
      'The PSU\u2019s IP address, forwarded. Required on B and P, optional on T (part 4.1): without it transaction details ' +
      'are limited to 4 calls a day and a consent at most 90 days old (part 4.2 item 4, part 8).',
    schema: { type: 'string' },
    example: '192.0.2.10',
  },
  'psu-ip-port': {
    name: 'PSU-IP-Port',
    description: 'Forwarded PSU value when available (part 4.1).',
    schema: { type: 'string', pattern: '^[0-9]{1,5}$' },
  },
  'psu-user-agent': {
    name: 'PSU-User-Agent',
    description: 'Forwarded PSU value when available (part 4.1).',
    schema: { type: 'string' },
  },
  'psu-device-id': {
    name: 'PSU-Device-ID',
    description: 'Forwarded PSU device id, a UUID (part 4.1).',
    schema: UUID_SCHEMA,
  },
  'psu-geo-location': {
    name: 'PSU-Geo-Location',
    description: 'Forwarded PSU location, `GEO:<latitude>;<longitude>` (part 4.1).',
    schema: { type: 'string', pattern: '^GEO:-?[0-9]{1,3}(\\.[0-9]+)?;-?[0-9]{1,3}(\\.[0-9]+)?$' },
  },
  'psu-http-method': {
    name: 'PSU-HTTP-Method',
    description: 'The method of the PSU\u2019s own request, forwarded (part 4.1).',
    schema: { type: 'string', enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
  },
};

/** Forwarded PSU values, optional wherever a PSU is behind the call (part 4.1). */
export const FORWARDED_PSU_HEADERS = [
  'psu-ip-port',
  'psu-user-agent',
  'psu-device-id',
  'psu-geo-location',
  'psu-http-method',
] as const;

/** One header as a parameter object (inline: required or not depends on the operation). */
export function headerParameter(header: string, required: boolean): JsonSchema {
  const doc = HEADER_DOCS[header];
  if (!doc) throw new Error(`no OpenAPI documentation for header ${header}`);
  return {
    name: doc.name,
    in: 'header',
    required,
    description: doc.description,
    schema: doc.schema,
    ...(doc.example === undefined ? {} : { example: doc.example }),
  };
}

/** part 5.1: the two headers every `/v1` call carries, as security schemes a renderer understands. */
export const SECURITY_SCHEMES: JsonSchema = {
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'Signature',
    description:
      'The request signature of part 5.1 (draft-cavage HTTP signatures): `keyId="SN=<serial hex>,CA=<issuer DN, RFC ' +
      '2253>",algorithm="rsa-sha256",headers="(request-target) date digest x-request-id psu-id psu-corporate-id ' +
      'tpp-redirect-uri",signature="<base64>"`, the headers list naming those present. The signing string is one ' +
      '`<name>: <value>` line per listed header; the signature is RSA-SHA256 with the key of the certificate in ' +
      'TPP-Signature-Certificate. Missing or failing: 400 (part 5.1 rule 9), the text names the step that failed. ' +
      'The TPP kit (`@sandbank/engine/tpp`, `signRequest`) signs for you; in the browser the service worker can sign ' +
      'unsigned requests itself (`autoSign`, docs/interactive-docs.md).',
  },
  tppSignatureCertificate: {
    type: 'apiKey',
    in: 'header',
    name: 'TPP-Signature-Certificate',
    description:
      'The TPP\u2019s eIDAS certificate, base64 DER (part 5.1 rule 11), from a CA the bank trusts (the sandbox test CA of ' +
      '`@sandbank/engine/tpp`). Its PSD2 roles decide the services: PSP_AI for account information, PSP_PI for payment ' +
      'initiation. The production profile also checks the TPP against the bank\u2019s register.',
  },
};
