import type { ErrorDoc } from '../core/route-docs.js';

// What the OpenAPI document says about the mock-data API (docs/sandbox-api.md has the long form).
// Examples run against the freshly seeded bank: Kari Nordmann (13039319955) and her Brukskonto.

export const KARI_BRUKSKONTO = 'enc!!QpEWG2e6OV8Iyp7Gz6fwUM5NNwGR5lWpQXA-5_==';
export const KARI_CARD = 'enc!!wUeZFaS8UUeYGEp0w91ED3NrjBE7y7csOZfyxy==';

export const PRODUCTION =
  'Exists only in the `sandbox` profile: in the `production` profile every `/v1/sandbox/` path answers 404 NOT_FOUND.';

export const UNKNOWN_ACCOUNT: ErrorDoc = {
  status: 404,
  code: 'RESOURCE_UNKNOWN',
  when: 'no sandbox account has this id',
};
export const UNKNOWN_CARD: ErrorDoc = {
  status: 404,
  code: 'RESOURCE_UNKNOWN',
  when: 'no sandbox card account has this id',
};
export const NOT_IN_PRODUCTION: ErrorDoc = {
  status: 404,
  code: 'NOT_FOUND',
  when: 'the bank runs the production profile',
};
export const QUERY: ErrorDoc = {
  status: 400,
  code: 'FORMAT_ERROR',
  when: 'a query value is not in its form, or `fromDate` is after `toDate`',
};
export const BODY_REFERENCE: ErrorDoc = {
  status: 400,
  code: 'RESOURCE_UNKNOWN',
  when: 'the body names a customer or account the sandbox does not have',
};
