import { SCA_FLOW_HEADERS } from '../core/headers.js';
import { namedRoutes, type Route } from '../core/router.js';
import { approveSigningBasket } from './approve-basket.js';
import { createSigningBasket } from './create-basket.js';
import { deleteSigningBasket } from './delete-basket.js';
import { getSigningBasket, getSigningBasketStatus } from './get-basket.js';
import { startSigningBasketAuthorisation } from './start-basket-authorisation.js';

/** part 4.1 B: create signing basket (PSU-ID is checked by the operation). */
const BASKET_HEADERS = [...SCA_FLOW_HEADERS, 'psu-ip-address'] as const;

/** Signing baskets (part 2.5, 4.2 item 1; paths per docs/platform-facts.md §1). */
const basketTable: readonly Route[] = [
  {
    method: 'POST',
    path: '/signing-baskets',
    service: 'pis',
    operation: createSigningBasket,
    requiredHeaders: BASKET_HEADERS,
  },
  { method: 'GET', path: '/signing-baskets/:basketId', service: 'pis', operation: getSigningBasket },
  { method: 'DELETE', path: '/signing-baskets/:basketId', service: 'pis', operation: deleteSigningBasket },
  {
    method: 'GET',
    path: '/signing-baskets/:basketId/status',
    service: 'pis',
    operation: getSigningBasketStatus,
  },
  {
    method: 'POST',
    path: '/signing-baskets/:basketId/authorisations',
    service: 'pis',
    operation: startSigningBasketAuthorisation,
    requiredHeaders: ['tpp-redirect-uri'],
  },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const basketRoutes = namedRoutes(
  {
    createSigningBasket,
    deleteSigningBasket,
    getSigningBasket,
    getSigningBasketStatus,
    startSigningBasketAuthorisation,
  },
  basketTable,
);

/** The sandbox owner's shortcut on the control plane (docs/decisions/payment-sca.md). */
export const basketControlRoutes = namedRoutes({ approveSigningBasket }, [
  {
    method: 'POST',
    path: '/signing-baskets/:basketId/approve',
    service: 'control',
    operation: approveSigningBasket,
  },
]);
