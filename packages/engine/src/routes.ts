import { controlRoutes } from './control/routes.js';
import type { Route } from './core/router.js';
import { sandboxRoutes } from './sandbox-api/routes.js';

/** The route table: plain data, one entry per operation, composed from each area's table. */
export const routes: readonly Route[] = [...sandboxRoutes, ...controlRoutes];
