import { ScaRedirectOut } from '../core/response-schemas.js';
import { namedRoutes, type Route } from '../core/router.js';
import { createConsent, createLegacyConsent } from './create-consent.js';
import { identifyUser } from './identify-user.js';
import { listAgreements } from './list-agreements.js';
import { showConsentsPage, submitConsentsPage } from './manage-consents-page.js';
import { AgreementListOut } from './schemas.js';

/** part 5.2 rule 2 and 5.3: the redirect needs TPP-Redirect-URI, and the session id comes back in it. */
const SCA_HEADERS = ['tpp-redirect-uri', 'tpp-session-id'] as const;

/** Consent, user identification and agreements (part 4.2 item 12, parts 5.2–5.4). */
const consentTable: readonly Route[] = [
  {
    method: 'POST',
    path: '/bank-offered-consents',
    service: 'ais',
    operation: createConsent,
    requiredHeaders: SCA_HEADERS,
    // part 4.2 item 12: the body is disregarded (whatever a proxy forwards).
    bodyDisregarded: true,
    response: ScaRedirectOut,
  },
  {
    method: 'POST',
    path: '/consents',
    service: 'ais',
    operation: createLegacyConsent,
    requiredHeaders: SCA_HEADERS,
    bodyDisregarded: true,
    response: ScaRedirectOut,
    // part 9 rule 3: removed on 05-Dec-2024 in favour of /v1/bank-offered-consents.
    removal: { on: '2024-12-05', successor: '/bank-offered-consents' },
  },
  {
    method: 'GET',
    path: '/user',
    service: 'psu',
    operation: identifyUser,
    requiredHeaders: SCA_HEADERS,
    response: ScaRedirectOut,
  },
  {
    method: 'GET',
    path: '/users',
    service: 'psu',
    operation: identifyUser,
    requiredHeaders: SCA_HEADERS,
    response: ScaRedirectOut,
  },
  {
    method: 'GET',
    path: '/agreements',
    service: 'psu',
    operation: listAgreements,
    requiredHeaders: ['psu-id'],
    response: AgreementListOut,
  },
  // The bank's own consent overview, outside the API (part 5.2 rule 3).
  { method: 'GET', path: '/consents', service: 'page', operation: showConsentsPage },
  { method: 'POST', path: '/consents', service: 'page', operation: submitConsentsPage },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const consentRoutes = namedRoutes(
  { createConsent, createLegacyConsent, identifyUser, listAgreements, showConsentsPage, submitConsentsPage },
  consentTable,
);
