import { basketRoutes } from './baskets/routes.js';
import { controlRoutes } from './control/routes.js';
import type { Route } from './core/router.js';
import { paymentControlRoutes, paymentRoutes } from './payments/routes.js';
import { sandboxRoutes } from './sandbox-api/routes.js';

/** The route table: plain data, one entry per operation, composed from each area's table. */
export const routes: readonly Route[] = [
  ...sandboxRoutes,
  ...paymentRoutes,
  ...basketRoutes,
  ...controlRoutes,
  ...paymentControlRoutes,
];
