import { accountRoutes } from './accounts/routes.js';
import { basketControlRoutes, basketRoutes } from './baskets/routes.js';
import { cardRoutes } from './cards/routes.js';
import { consentRoutes } from './consents/routes.js';
import { createOpenApiOperation } from './control/openapi.js';
import { createControlRoutes } from './control/routes.js';
import type { ClockWork } from './core/routed.js';
import { namedRoutes, type Route } from './core/router.js';
import { createFaultRoutes, importedRulesCheck } from './faults/routes.js';
import { openApiDocumentFor } from './openapi-document.js';
import { catchUpProcessing, processingDue } from './payments/batch.js';
import { paymentControlRoutes, paymentRoutes } from './payments/routes.js';
import { sandboxRoutes } from './sandbox-api/routes.js';
import { scaRoutes } from './sca-pages/routes.js';

// Stored fault rules meet the checks a client's rule does: the operations they name are the table's.
const controlRoutes = createControlRoutes(importedRulesCheck(() => routes));

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
  ...basketControlRoutes,
];

const getOpenApi = createOpenApiOperation((basePath) => openApiDocumentFor(routes, basePath));

/** The route table: plain data, one entry per operation, composed from each area's table. */
export const routes: readonly Route[] = [
  ...areaRoutes,
  ...createFaultRoutes(() => routes),
  ...namedRoutes({ getOpenApi }, [
    {
      method: 'GET',
      path: '/openapi.json',
      service: 'control',
      summary: 'This API as an OpenAPI 3.1 document',
      operation: getOpenApi,
    },
  ]),
];

/** What the bank clock makes due before each request: the payment batch runs (part 1). */
export const clockWork: readonly ClockWork[] = [{ due: processingDue, run: catchUpProcessing }];
