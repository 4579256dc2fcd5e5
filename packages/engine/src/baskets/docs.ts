import type { ErrorDoc, RouteDocs } from '../core/route-docs.js';

const BASKET_ID = 'enc!!lofKFUVCRHX41BVnIgeBlasEIk86VVYwGIaTep==';
const PIS = 'Needs the PSP_PI role. A basket of another TPP is unknown to this one.';
const UNKNOWN: ErrorDoc = {
  status: 404,
  code: 'RESOURCE_UNKNOWN',
  when: 'no signing basket of this TPP has this id',
};

export const basketDocs: Readonly<Record<string, RouteDocs>> = {
  'POST /signing-baskets': {
    summary: 'Create a signing basket',
    description: [
      'Groups up to 10 payments this TPP created (part 2.5, part 4.2 item 1, part 8) under one SCA: `{paymentIds: [...]}`. Operation B of part 4.1: x-accept-fix, TPP-Session-ID, TPP-Redirect-URI, PSU-ID and PSU-IP-Address are required. Answers 201 with `basketId`, `transactionStatus` (RCVD, ACTC, PATC, RJCT) and `_links.scaRedirect`.',
      'A basket\u2019s status is the worst case over its payments; a basket operation is not atomic: read each payment\u2019s status on its own (part 3 rule 1). Bulk and periodic payments cannot be put into a basket: 400 REFERENCE_MIX_INVALID (part 3 rule 4).',
      PIS,
    ].join('\n\n'),
    // part 4.1 B: PSU-ID is required (the operation checks it, naming the header).
    requiredHeaders: ['psu-id'],
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: 'the body is not in its form, or holds more than 10 ids' },
      {
        status: 400,
        code: 'REFERENCE_MIX_INVALID',
        when: 'a bulk or periodic payment is among the ids (part 3 rule 4)',
      },
      {
        status: 400,
        code: 'HTTP_HEADER_REQUIRED',
        when: 'a part 4.1 B header is missing; PSU-Context CORPORATE without PSU-Corporate-ID (part 5.4)',
      },
      {
        status: 400,
        code: 'RESOURCE_UNKNOWN',
        when: 'an id names no payment of this TPP and PSU; PSU-Corporate-ID is not an agreement of the PSU',
      },
      { status: 401, code: 'PSU_CREDENTIALS_INVALID', when: 'PSU-ID and X-PSU-IDENTITY name different PSUs' },
      { status: 409, code: 'CONFLICT', when: 'a payment no longer waits for SCA' },
    ],
    examples: {
      headers: { summary: 'Without the part 4.1 B headers', body: { paymentIds: [BASKET_ID] }, status: 400 },
    },
  },
  'GET /signing-baskets/:basketId': {
    summary: 'Read a signing basket',
    description: ['The basket: its payment ids and its status (part 2.5).', PIS].join('\n\n'),
    errors: [UNKNOWN],
    examples: { unknown: { summary: 'No such basket', params: { basketId: BASKET_ID }, status: 404 } },
  },
  'DELETE /signing-baskets/:basketId': {
    summary: 'Delete a signing basket',
    description: ['Deletes a basket not yet authorised (part 2.5); its payments stay.', PIS].join('\n\n'),
    status: 204,
    errors: [UNKNOWN, { status: 409, code: 'CONFLICT', when: 'the basket is authorised' }],
    examples: { unknown: { summary: 'No such basket', params: { basketId: BASKET_ID }, status: 404 } },
  },
  'GET /signing-baskets/:basketId/status': {
    summary: 'Read a signing basket\u2019s status',
    description: ['`transactionStatus`: the worst case over its payments (part 3 rule 1).', PIS].join('\n\n'),
    errors: [UNKNOWN],
    examples: { unknown: { summary: 'No such basket', params: { basketId: BASKET_ID }, status: 404 } },
  },
  'POST /signing-baskets/:basketId/authorisations': {
    summary: 'Start a new SCA for a signing basket',
    description: [
      'A new `scaRedirect` for a basket whose payments, all (RCVD) or some (PATC: others were signed on their own), wait for SCA (part 5.2 rule 1); it signs those that wait. TPP-Redirect-URI is required.',
      PIS,
    ].join('\n\n'),
    errors: [UNKNOWN, { status: 409, code: 'CONFLICT', when: 'no payment in the basket waits for SCA' }],
    examples: {
      unknown: {
        summary: 'No such basket',
        params: { basketId: BASKET_ID },
        headers: { 'tpp-redirect-uri': 'https://tpp.example/callback' },
        status: 404,
      },
    },
  },
};
