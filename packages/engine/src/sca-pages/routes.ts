import { namedRoutes, type Route } from '../core/router.js';
import { showAuthorisationPage } from './show-authorisation-page.js';
import { submitAuthorisationPage } from './submit-authorisation-page.js';

/** The bank's SCA pages (part 5.2), outside the API under `/_sandbank/`. */
const scaTable: readonly Route[] = [
  { method: 'GET', path: '/sca/:authorisationId', service: 'page', operation: showAuthorisationPage },
  { method: 'POST', path: '/sca/:authorisationId', service: 'page', operation: submitAuthorisationPage },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const scaRoutes = namedRoutes({ showAuthorisationPage, submitAuthorisationPage }, scaTable);
