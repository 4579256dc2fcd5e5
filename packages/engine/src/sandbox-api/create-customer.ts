import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { isNorwegianNationalId } from '../core/headers.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import { putCustomer } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { parseWith } from '../core/validate.js';
import { customerByNumber } from './lookup.js';
import { anyCase, text } from './schemas.js';
import { reportStored } from './stored.js';
import { customerView } from './views.js';

const CUSTOMER_TYPES = ['private', 'corporate'] as const;

/** docs/platform-facts.md §2: `{customerNumber, name, type}`. */
export const CreateCustomerBody = z.object({
  customerNumber: z.string(),
  name: text(70),
  type: anyCase(CUSTOMER_TYPES, 'must be private or corporate'),
});

/**
 * POST /v1/sandbox/customers. A private customer is the PSU who logs in on the SCA page with a
 * national identity number or D-number, so that is what its customerNumber must be. Parts 2.7 and
 * 4.2 type a corporate customerNumber as a plain string: any number of 1 to 35 digits (the platform's
 * scripts use `55555555`; an organisation number or a national id fits too).
 */
export const createCustomer: Operation = (draft, input, ctx) => {
  const body = parseWith(CreateCustomerBody, input.body, 'body');
  reportStored(ctx, input.body, body);
  const number = body.customerNumber;
  const valid = body.type === 'private' ? isNorwegianNationalId(number) : /^\d{1,35}$/.test(number);
  if (!valid) {
    const expected =
      body.type === 'private'
        ? 'a Norwegian national identity number or D-number (11 digits, both mod-11 check digits): the PSU signs in with it'
        : 'a customer number of 1 to 35 digits';
    throw apiError('FORMAT_ERROR', `customerNumber must be ${expected}`, { path: 'customerNumber' });
  }
  if (customerByNumber(draft, number)) {
    throw apiError('CONFLICT', `a sandbox customer with customerNumber ${number} already exists`, {
      path: 'customerNumber',
    });
  }
  const customerId = allocateId(draft);
  const customer = {
    customerId,
    customerNumber: number,
    customerName: body.name,
    customerType: body.type,
    seeded: false,
  };
  putCustomer(draft, customer);
  return json(201, customerView(customer));
};
