// Header names as messages show them, and the candidate signed headers of part 5.1 rule 5.

const DISPLAY: Readonly<Record<string, string>> = {
  date: 'Date',
  'x-date': 'X-Date',
  digest: 'Digest',
  'x-request-id': 'X-Request-ID',
  'psu-id': 'PSU-ID',
  'psu-corporate-id': 'PSU-Corporate-ID',
  'tpp-redirect-uri': 'TPP-Redirect-URI',
};

/** `psu-id` → `PSU-ID`; unknown names are title-cased (`content-type` → `Content-Type`). */
export function displayHeaderName(name: string): string {
  return (
    DISPLAY[name] ?? name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase())
  );
}

/** part 5.1 rule 5: candidate headers that, when present, must be signed (the date is handled apart). */
export const REQUEST_MUST_SIGN = ['digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];

/** part 5.1 rule 10: a signed response covers its Digest and X-Request-ID (and its date). */
export const RESPONSE_MUST_SIGN = ['digest', 'x-request-id'];

export const REQUEST_TARGET = '(request-target)';
