import { json } from '../core/http.js';
import { readable } from '../core/readable.js';
import type { Operation } from '../core/router.js';
import { agreementView } from './views.js';

/** GET /v1/sandbox/agreements: every corporate agreement in the sandbox, oldest first. */
export const listAgreements: Operation = (draft) => {
  // Read as plain data: through the draft, each agreement and account read would be a draft of its own.
  return json(
    200,
    Object.values(readable(draft.agreements)).map((agreement) => agreementView(draft, agreement)),
  );
};
