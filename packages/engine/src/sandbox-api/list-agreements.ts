import { json } from '../core/http.js';
import type { Operation } from '../core/router.js';
import { agreementView } from './views.js';

/** GET /v1/sandbox/agreements: every corporate agreement in the sandbox, oldest first. */
export const listAgreements: Operation = (draft) =>
  json(
    200,
    Object.values(draft.agreements).map((agreement) => agreementView(draft, agreement)),
  );
