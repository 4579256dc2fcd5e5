import { accountRoutes } from './accounts/routes.js';
import { basketRoutes } from './baskets/routes.js';
import { cardRoutes } from './cards/routes.js';
import { consentRoutes } from './consents/routes.js';
import { createOpenApiOperation } from './control/openapi.js';
import { controlRoutes } from './control/routes.js';
import { nameOperations, type Route } from './core/router.js';
import { createFaultRoutes } from './faults/routes.js';
import { paymentControlRoutes, paymentRoutes } from './payments/routes.js';
import { openApiSources } from './route-docs.js';
import { sandboxRoutes } from './sandbox-api/routes.js';
import { scaRoutes } from './sca/routes.js';

const areaRoutes: readonly Route[] = [
  ...sandboxRoutes,
  ...consentRoutes,
  ...accountRoutes,
  ...cardRoutes,
  ...paymentRoutes,
  ...basketRoutes,
  ...scaRoutes,
  ...controlRoutes,
  ...paymentControlRoutes,
];

const getOpenApi = createOpenApiOperation(() => routes, openApiSources);
nameOperations({ getOpenApi });

/** The route table: plain data, one entry per operation, composed from each area's table. */
export const routes: readonly Route[] = [
  ...areaRoutes,
  ...createFaultRoutes(() => routes),
  {
    method: 'GET',
    path: '/openapi.json',
    service: 'control',
    summary: 'This API as an OpenAPI 3.1 document',
    operation: getOpenApi,
  },
];
