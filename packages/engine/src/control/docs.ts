import type { RouteDocs } from '../core/route-docs.js';

const UNSIGNED =
  'Sandbank\u2019s control plane: unsigned, outside the bank\u2019s contract, for the sandbox\u2019s owner and tests (ARCHITECTURE.md).';

const BODY_FORMAT = { status: 400, code: 'FORMAT_ERROR', when: 'the body is not in its form' } as const;

export const controlDocs: Readonly<Record<string, RouteDocs>> = {
  'GET /_sandbank/clock': {
    summary: 'Read the bank clock',
    description: [
      'The bank clock: `now` (ISO date-time) and `offsetMs` from the clock source. Every date rule of the contract is judged by it: signature dates (part 5.1 rule 1, 60 seconds), SCA and consent ages (part 8), execution dates, the batch runs (part 1), the part 9 fix dates.',
      UNSIGNED,
    ].join('\n\n'),
    examples: { now: { summary: 'The clock of a fresh bank', status: 200 } },
  },
  'POST /_sandbank/clock': {
    summary: 'Set or advance the bank clock',
    description: [
      '`{"set": "<ISO date-time with offset>"}` or `{"advanceMinutes": N}` (0 to ten years). The clock keeps running from the new time; payment batch runs passed over happen at once (part 1: five runs a day).',
      UNSIGNED,
    ].join('\n\n'),
    status: 200,
    errors: [{ ...BODY_FORMAT, when: 'neither `set` nor `advanceMinutes`, or a time out of range' }],
    examples: {
      advance: { summary: 'One day later', body: { advanceMinutes: 1440 }, status: 200 },
      set: { summary: 'To a date', body: { set: '2026-04-01T08:00:00+02:00' }, status: 200 },
      bad: { summary: 'Neither field', body: { minutes: 5 }, status: 400 },
    },
  },
  'GET /_sandbank/state': {
    summary: 'Export the whole state',
    description: [
      'The whole bank as one JSON document, to save and import later with PUT.',
      'With `?shape=engine`: the state exactly as the engine keeps it (`sandbox.getState()`: customers, accounts, card accounts, payments, authorisations, consents, SCA sessions and signing baskets in chunks, the replay memory in blocks), for a mirror that applies the engine\u2019s patches; PUT takes either.',
      UNSIGNED,
    ].join('\n\n'),
    examples: { seeded: { summary: 'The seeded bank (large: not shown)', status: 200, showAnswer: false } },
  },
  'PUT /_sandbank/state': {
    summary: 'Import a state',
    description: [
      'Replaces the whole bank with an exported state, validated first: all or nothing. Answers 204.',
      'A file whose `meta.counter` is below the counter that made an id it holds (each snapshot against its own) is refused: the bank would issue that id again. The message names the id, where it is and the counter to set (docs/decisions/time-travel.md).',
      UNSIGNED,
    ].join('\n\n'),
    status: 204,
    errors: [{ ...BODY_FORMAT, when: 'the body is not a valid exported state; nothing changes' }],
    examples: { bad: { summary: 'Not a state', body: { version: 1 }, status: 400 } },
  },
  'POST /_sandbank/reset': {
    summary: 'Reset to the seeded state',
    description: [
      'Back to the seeded state, as `POST /v1/sandbox/initialize` (part 1), with the whole state: consents, payments, sessions and the TPP register too.',
      UNSIGNED,
    ].join('\n\n'),
    status: 204,
    examples: { reset: { summary: 'Reset', status: 204 } },
  },
  'GET /_sandbank/tpps': {
    summary: 'List the TPP register',
    description: [
      'The bank\u2019s TPP register (part 1: in production the TPP registration is checked on every request): `organisationId`, `name`, `roles`, `email`.',
      UNSIGNED,
    ].join('\n\n'),
    examples: { empty: { summary: 'A fresh bank has none', status: 200 } },
  },
  'POST /_sandbank/tpps': {
    summary: 'Register a TPP',
    description: [
      'Adds a TPP to the register: `organisationId` (a PSD2 authorisation number, `PSDNO-FSA-933012867`), `name`, `roles` (PSP_AI, PSP_PI, PSP_AS, PSP_IC), optional `email` (part 1: a contact mailbox; a personal-looking one gets a WARNING, non-personal mailboxes are recommended). 201 when new, 200 when it replaced a registration. The production profile checks every signed request against the register.',
      UNSIGNED,
    ].join('\n\n'),
    alsoAnswers: { 200: 'the TPP was registered already: its registration is replaced' },
    errors: [BODY_FORMAT],
    examples: {
      register: {
        summary: 'The TPP kit\u2019s preset TPP',
        body: {
          organisationId: 'PSDNO-FSA-933012867',
          name: 'Sandbank Test TPP AS',
          roles: ['PSP_AI', 'PSP_PI'],
          email: 'api@tpp.example',
        },
        status: 201,
      },
    },
  },
  'DELETE /_sandbank/tpps/:organisationId': {
    summary: 'Remove a TPP from the register',
    description: ['Removes the registration; 204.', UNSIGNED].join('\n\n'),
    status: 204,
    errors: [
      { status: 404, code: 'RESOURCE_UNKNOWN', when: 'no TPP with this organisationId is registered' },
    ],
    examples: {
      unknown: { summary: 'Not registered', params: { organisationId: 'PSDNO-FSA-933012867' }, status: 404 },
    },
  },
  'GET /_sandbank/history': {
    summary: 'The commits the bank can be restored to before',
    description: [
      'Time travel (docs/decisions/time-travel.md): the last commits this engine remembers (200 by default, in memory: a restarted worker or server starts a new history), each with its number `seq`, bank time `at` and `operation`. A request-log entry names the commit it made.',
      UNSIGNED,
    ].join('\n\n'),
    examples: { fresh: { summary: 'A fresh bank has made no commit yet', status: 200 } },
  },
  'POST /_sandbank/history/:seq/restore': {
    summary: 'Restore the bank to just before a commit',
    description: [
      'Puts the bank back to the state just before commit `seq`, as one new commit (stored and broadcast like any change); later commits are undone. Snapshots stay. Answers `restoredToBefore` and `undone`.',
      UNSIGNED,
    ].join('\n\n'),
    status: 200,
    errors: [
      { status: 400, code: 'FORMAT_ERROR', when: '`seq` is not a positive integer' },
      { status: 404, code: 'RESOURCE_UNKNOWN', when: 'the engine no longer remembers that commit' },
    ],
    examples: {
      unknown: { summary: 'A commit never made', params: { seq: '99' }, status: 404 },
      bad: { summary: 'Not a number', params: { seq: 'first' }, status: 400 },
    },
  },
  'GET /_sandbank/snapshots': {
    summary: 'The named snapshots',
    description: [
      'Snapshots saved with POST, newest last: each `name`, `savedAt` (bank time). They live in the bank\u2019s state, so they survive a restart and travel with an export.',
      UNSIGNED,
    ].join('\n\n'),
    examples: { none: { summary: 'A fresh bank has none', status: 200 } },
  },
  'POST /_sandbank/snapshots': {
    summary: 'Save the bank under a name',
    description: [
      '`{"name": "..."}`: keeps the bank as it is now under that name; 201 with a `Location`, 200 when it replaced a snapshot of the same name.',
      UNSIGNED,
    ].join('\n\n'),
    alsoAnswers: { 200: 'a snapshot of that name existed: it is replaced' },
    errors: [BODY_FORMAT],
    examples: {
      save: { summary: 'Before a test', body: { name: 'before-test' }, status: 201 },
      bad: { summary: 'No name', body: {}, status: 400 },
    },
  },
  'GET /_sandbank/snapshots/:name': {
    summary: 'One snapshot with its state',
    description: ['The snapshot and its whole state (the file PUT /_sandbank/state imports).', UNSIGNED].join(
      '\n\n',
    ),
    errors: [{ status: 404, code: 'RESOURCE_UNKNOWN', when: 'no snapshot of that name' }],
    examples: { unknown: { summary: 'Never saved', params: { name: 'missing' }, status: 404 } },
  },
  'POST /_sandbank/snapshots/:name/restore': {
    summary: 'Restore the bank to a snapshot',
    description: [
      'The bank as it was saved, as one new commit (stored and broadcast like any change); the snapshots stay.',
      UNSIGNED,
    ].join('\n\n'),
    status: 200,
    errors: [{ status: 404, code: 'RESOURCE_UNKNOWN', when: 'no snapshot of that name' }],
    examples: { unknown: { summary: 'Never saved', params: { name: 'missing' }, status: 404 } },
  },
  'DELETE /_sandbank/snapshots/:name': {
    summary: 'Delete a snapshot',
    description: ['Deletes the snapshot; 204.', UNSIGNED].join('\n\n'),
    status: 204,
    errors: [{ status: 404, code: 'RESOURCE_UNKNOWN', when: 'no snapshot of that name' }],
    examples: { unknown: { summary: 'Never saved', params: { name: 'missing' }, status: 404 } },
  },
  'GET /_sandbank/faults': {
    summary: 'The fault rules',
    description: [
      'Fault injection (docs/faults.md): the rules in force, each with its `id`, `match`, `effect` and the counts left. They live in the bank\u2019s state: exported, imported, persisted and reset with it.',
      UNSIGNED,
    ].join('\n\n'),
    examples: { none: { summary: 'A fresh bank has none', status: 200 } },
  },
  'POST /_sandbank/faults': {
    summary: 'Add a fault rule',
    description: [
      '`{"match": {...}, "effect": {...}, "times"?, "until"?}`. `match` by `operation` (this document\u2019s operationIds), `method`, `path` (a glob), `psuId`, `tpp`, `product`, `everyNth`, `probability` (drawn from the seed). `effect`: an error answer `{status, code, text?}` with a part 7 code, `{delayMs}`, `{network: "error"}`, an SCA outcome, a payment outcome, or a maintenance window. Answers 201 with the rule and its `id`.',
      UNSIGNED,
    ].join('\n\n'),
    errors: [{ ...BODY_FORMAT, when: 'the rule is not in its form: the path names the field' }],
    examples: {
      outage: {
        summary: 'The next GET /v1/accounts answers 503',
        body: {
          match: { operation: 'listAccounts' },
          effect: { status: 503, code: 'SYSTEM_ERROR' },
          times: 1,
        },
        status: 201,
      },
      bad: {
        summary: 'A code outside part 7',
        body: { match: {}, effect: { status: 418, code: 'TEAPOT' } },
        status: 400,
      },
    },
  },
  'DELETE /_sandbank/faults': {
    summary: 'Remove every fault rule',
    description: ['Clears the rules; 204.', UNSIGNED].join('\n\n'),
    status: 204,
    examples: { clear: { summary: 'Clear', status: 204 } },
  },
  'DELETE /_sandbank/faults/:id': {
    summary: 'Remove one fault rule',
    description: ['Removes the rule with that `id`; 204.', UNSIGNED].join('\n\n'),
    status: 204,
    errors: [{ status: 404, code: 'NOT_FOUND', when: 'no rule with that id' }],
    examples: { unknown: { summary: 'No such rule', params: { id: 'fault-99' }, status: 404 } },
  },
  'GET /_sandbank/scenarios': {
    summary: 'The named fault scenarios',
    description: [
      'Each scenario\u2019s `name` and one-sentence `description` (docs/faults.md).',
      UNSIGNED,
    ].join('\n\n'),
    examples: { all: { summary: 'The library', status: 200 } },
  },
  'POST /_sandbank/scenarios/:name': {
    summary: 'Apply a named scenario',
    description: [
      'Adds the scenario\u2019s fault rules (201 with them); `DELETE /_sandbank/faults` removes them again.',
      UNSIGNED,
    ].join('\n\n'),
    errors: [{ status: 404, code: 'NOT_FOUND', when: 'no scenario of that name' }],
    examples: {
      slow: { summary: 'A slow bank', params: { name: 'slow-bank' }, status: 201 },
      unknown: { summary: 'No such scenario', params: { name: 'sunny-day' }, status: 404 },
    },
  },
  'GET /_sandbank/openapi.json': {
    summary: 'This API as an OpenAPI 3.1 document',
    description: [
      'This document: generated from the route table, the zod schemas and each area\u2019s documentation; its `paths` are under the bank\u2019s base path. Renderers such as Scalar or Swagger UI read it (docs/interactive-docs.md).',
      UNSIGNED,
    ].join('\n\n'),
    examples: { document: { summary: 'This document', status: 200, showAnswer: false } },
  },
};
