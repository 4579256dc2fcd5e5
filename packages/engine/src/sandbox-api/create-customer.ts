import { z } from 'zod';
import { apiError } from '../core/errors.js';
import { isNorwegianNationalId } from '../core/headers.js';
import { json } from '../core/http.js';
import { allocateId } from '../core/ids.js';
import type { Operation } from '../core/router.js';
import { parseWith } from '../core/validate.js';
import { customerByNumber } from './lookup.js';
import { isOrganisationNumber } from './norwegian.js';
import { text } from './schemas.js';
import { customerView } from './views.js';

/** platform-facts §2: `{customerNumber, name, type}`. */
const CreateCustomerBody = z.object({
  customerNumber: z.string(),
  name: text(70),
  type: z.enum(['private', 'corporate']),
});

/**
 * POST /v1/sandbox/customers. A private customer is identified by a national identity number or
 * D-number (the PSU logs in with it during SCA). A corporate customer by a national identity number
 * too (as the seed's corporate customers are, platform-facts §4) or by a 9-digit organisation number.
 */
export const createCustomer: Operation = (draft, input) => {
  const body = parseWith(CreateCustomerBody, input.body, 'body');
  const number = body.customerNumber;
  const valid = isNorwegianNationalId(number) || (body.type === 'corporate' && isOrganisationNumber(number));
  if (!valid) {
    const expected =
      body.type === 'private'
        ? 'a Norwegian national identity number or D-number (11 digits, both mod-11 check digits)'
        : 'a Norwegian national identity number or D-number (11 digits) or an organisation number (9 digits, mod-11 check digit)';
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
  draft.customers[customerId] = customer;
  return json(201, customerView(customer));
};
