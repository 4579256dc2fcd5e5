import { SCA_FLOW_HEADERS } from '../core/headers.js';
import { namedRoutes, type Route } from '../core/router.js';
import { cancelBulkPayment, cancelPeriodicPayment, cancelSinglePayment } from './cancel-payment.js';
import { createBulkPayment, createPeriodicPayment, createSinglePayment } from './create-payment.js';
import { getFeeInformation } from './get-fee-information.js';
import { getBulkPayment, getPeriodicPayment, getSinglePayment } from './get-payment.js';
import {
  getBulkPaymentStatus,
  getPeriodicPaymentStatus,
  getSinglePaymentStatus,
} from './get-payment-status.js';
import { runNextBatch } from './run-next-batch.js';
import { approvePayment, cancelPaymentAuthorisation } from './sca-shortcuts.js';
import { PaymentQuery } from './schemas.js';
import {
  startBulkPaymentAuthorisation,
  startPeriodicPaymentAuthorisation,
  startSinglePaymentAuthorisation,
} from './start-payment-authorisation.js';

/**
 * part 4.1 P: headers required on create payment (PSU-ID or X-PSU-IDENTITY is checked by the
 * operation, Digest through `digestRequired`). PSU-Context is required because every payment starts
 * its own (single) SCA.
 */
const CREATE_HEADERS = [...SCA_FLOW_HEADERS, 'psu-ip-address', 'psu-context'] as const;

function serviceRoutes(
  service: 'payments' | 'periodic-payments' | 'bulk-payments',
  ops: {
    create: Route['operation'];
    get: Route['operation'];
    status: Route['operation'];
    cancel: Route['operation'];
    start: Route['operation'];
  },
): Route[] {
  const base = `/${service}/:product`;
  return [
    {
      method: 'POST',
      path: base,
      service: 'pis',
      operation: ops.create,
      requiredHeaders: CREATE_HEADERS,
      digestRequired: true,
      query: PaymentQuery,
    },
    { method: 'GET', path: `${base}/:paymentId`, service: 'pis', operation: ops.get },
    { method: 'DELETE', path: `${base}/:paymentId`, service: 'pis', operation: ops.cancel },
    { method: 'GET', path: `${base}/:paymentId/status`, service: 'pis', operation: ops.status },
    {
      method: 'POST',
      path: `${base}/:paymentId/authorisations`,
      service: 'pis',
      operation: ops.start,
      requiredHeaders: ['tpp-redirect-uri'],
    },
  ];
}

/** Payment initiation (parts 2.2–2.4, 4.2 items 2–3 and 12; paths per docs/platform-facts.md §1). */
const paymentTable: readonly Route[] = [
  {
    method: 'POST',
    path: '/payments/:product/fee-information',
    service: 'pis',
    operation: getFeeInformation,
  },
  ...serviceRoutes('payments', {
    create: createSinglePayment,
    get: getSinglePayment,
    status: getSinglePaymentStatus,
    cancel: cancelSinglePayment,
    start: startSinglePaymentAuthorisation,
  }),
  ...serviceRoutes('periodic-payments', {
    create: createPeriodicPayment,
    get: getPeriodicPayment,
    status: getPeriodicPaymentStatus,
    cancel: cancelPeriodicPayment,
    start: startPeriodicPaymentAuthorisation,
  }),
  ...serviceRoutes('bulk-payments', {
    create: createBulkPayment,
    get: getBulkPayment,
    status: getBulkPaymentStatus,
    cancel: cancelBulkPayment,
    start: startBulkPaymentAuthorisation,
  }),
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const paymentRoutes = namedRoutes(
  {
    cancelBulkPayment,
    cancelPeriodicPayment,
    cancelSinglePayment,
    createBulkPayment,
    createPeriodicPayment,
    createSinglePayment,
    getBulkPayment,
    getBulkPaymentStatus,
    getFeeInformation,
    getPeriodicPayment,
    getPeriodicPaymentStatus,
    getSinglePayment,
    getSinglePaymentStatus,
    startBulkPaymentAuthorisation,
    startPeriodicPaymentAuthorisation,
    startSinglePaymentAuthorisation,
  },
  paymentTable,
);

/** Sandbox-owner shortcuts on the control plane (docs/decisions/payment-sca.md). */
const paymentControlTable: readonly Route[] = [
  { method: 'POST', path: '/payments/:paymentId/approve', service: 'control', operation: approvePayment },
  {
    method: 'POST',
    path: '/payments/:paymentId/cancel-authorisation',
    service: 'control',
    operation: cancelPaymentAuthorisation,
  },
  { method: 'POST', path: '/batch', service: 'control', operation: runNextBatch },
];

// Named by the keys (the request log, OpenAPI operationIds); namedRoutes checks they match the table.
export const paymentControlRoutes = namedRoutes(
  { approvePayment, cancelPaymentAuthorisation, runNextBatch },
  paymentControlTable,
);
