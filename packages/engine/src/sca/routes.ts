import { nameOperations, type Route } from '../core/router.js';
import { showAuthorisationPage } from './show-authorisation-page.js';
import { submitAuthorisationPage } from './submit-authorisation-page.js';

// Names for the request log and the OpenAPI operationIds (function names do not survive minification).
nameOperations({ showAuthorisationPage, submitAuthorisationPage });

/** The bank's SCA pages (part 5.2), outside the API under `/_sandbank/`. */
export const scaRoutes: readonly Route[] = [
  { method: 'GET', path: '/sca/:authorisationId', service: 'page', operation: showAuthorisationPage },
  { method: 'POST', path: '/sca/:authorisationId', service: 'page', operation: submitAuthorisationPage },
];
