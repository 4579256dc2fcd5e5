import type { RouteDocs } from '../core/route-docs.js';

export const scaDocs: Readonly<Record<string, RouteDocs>> = {
  'GET /_sandbank/sca/:authorisationId': {
    summary: 'The bank\u2019s SCA page (HTML)',
    description:
      'Where an `scaRedirect` link sends the PSU (part 5.2): in the sandbox the page asks only for a mocked national identification number (part 1), then the context (PRIVATE or CORPORATE) and, for a consent, the accounts to share (part 5.2 rule 4). When done the browser is redirected to TPP-Redirect-URI with the part 5.3 parameters; on failure with `status`, `code` and `message`.',
    errors: [
      { status: 400, code: 'SCA_INVALID', when: 'the authorisation is finished or failed' },
      { status: 400, code: 'SCA_EXPIRED', when: 'the link is too old' },
      { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no authorisation has this id' },
    ],
    examples: {
      unknown: { summary: 'An unknown link', params: { authorisationId: 'enc!!unknown==' }, status: 404 },
    },
  },
  'POST /_sandbank/sca/:authorisationId': {
    summary: 'Submit a step of the SCA page (form post)',
    description:
      'The SCA page\u2019s form: the national identification number, then the context and accounts. Needs the page\u2019s cookie and CSRF token. Answers the next page, or a 303 redirect to TPP-Redirect-URI (part 5.3).',
    status: 200,
    alsoAnswers: { 303: 'the SCA is done or failed: to TPP-Redirect-URI with the part 5.3 parameters' },
    errors: [
      {
        status: 400,
        code: 'FORMAT_ERROR',
        when: 'the form is not in its form, or lacks its CSRF token or cookie',
      },
      {
        status: 401,
        code: 'PSU_CREDENTIALS_INVALID',
        when: 'no customer has this national identification number',
      },
      { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no authorisation has this id' },
    ],
  },
};
