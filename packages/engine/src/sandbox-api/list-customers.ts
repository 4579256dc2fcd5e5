import { json } from '../core/http.js';
import { customerList } from '../core/records.js';
import type { Operation } from '../core/router.js';
import { customerView } from './views.js';

/** GET /v1/sandbox/customers (part 4.2 item 12): every sandbox customer, seeded and hand-made, oldest first. */
export const listCustomers: Operation = (draft) => json(200, customerList(draft).map(customerView));
