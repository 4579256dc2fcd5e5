import { accountDocs } from './accounts/docs.js';
import { basketDocs } from './baskets/docs.js';
import { cardDocs } from './cards/docs.js';
import { consentDocs } from './consents/docs.js';
import { controlDocs } from './control/docs.js';
import type { OpenApiSources } from './control/openapi.js';
// Generated data (`pnpm openapi:answers`): the seeded bank's answer to each documented example.
import OPENAPI_ANSWERS from './control/openapi-answers.json' with { type: 'json' };
import { paymentDocs } from './payments/docs.js';
import { sandboxCardDocs } from './sandbox-api/card-docs.js';
import { sandboxDocs } from './sandbox-api/docs.js';
import { scaDocs } from './sca-pages/docs.js';

/** What the OpenAPI document says about each route, composed from each area's `docs.ts`. */
export const openApiSources: OpenApiSources = {
  docs: {
    ...sandboxDocs,
    ...sandboxCardDocs,
    ...consentDocs,
    ...accountDocs,
    ...cardDocs,
    ...paymentDocs,
    ...basketDocs,
    ...scaDocs,
    ...controlDocs,
  },
  answers: OPENAPI_ANSWERS,
};
