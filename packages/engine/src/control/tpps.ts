import * as z from 'zod/mini';
import { apiError, warning } from '../core/errors.js';
import { empty, json } from '../core/http.js';
import { ownEntry } from '../core/ids.js';
import { looksLikePersonalMailbox } from '../core/personal-mailbox.js';
import type { Operation } from '../core/router.js';
import { parseWith } from '../core/validate.js';

/**
 * The bank's TPP register, managed by the sandbox owner: the production profile accepts a
 * signed request only from a TPP registered here, for the roles registered. The optional contact
 * e-mail is what a TPP gives through the bank's TPP dialogue interface (part 1).
 */
export const TppRegistration = z.strictObject({
  organisationId: z
    .string()
    .check(
      z.regex(
        /^PSD[A-Z]{2}-[A-Z0-9]{1,8}-[A-Za-z0-9-]{1,40}$/,
        'must be a PSD2 authorisation number such as PSDNO-FSA-933012867',
      ),
    ),
  name: z.string().check(z.minLength(1), z.maxLength(140)),
  roles: z.array(z.enum(['PSP_AS', 'PSP_PI', 'PSP_AI', 'PSP_IC'])).check(z.minLength(1)),
  email: z.optional(z.email()),
});

/** GET /_sandbank/tpps */
export const listTpps: Operation = (draft) => json(200, { tpps: Object.values(draft.tppRegistry) });

/** POST /_sandbank/tpps: registers (or updates) a TPP; a personal mailbox gets a WARNING (part 1). */
export const registerTpp: Operation = (draft, input, ctx) => {
  const body = parseWith(TppRegistration, input.body, 'body');
  const existed = ownEntry(draft.tppRegistry, body.organisationId) !== undefined;
  draft.tppRegistry[body.organisationId] = {
    organisationId: body.organisationId,
    name: body.name,
    roles: [...new Set(body.roles)],
    email: body.email ?? null,
    registeredAt: ctx.now,
  };
  if (body.email !== undefined && looksLikePersonalMailbox(body.email)) {
    ctx.warnings.push(
      warning(
        'FORMAT_ERROR',
        `${body.email} looks like a personal mailbox; the bank recommends a shared one (part 1) so notices reach the team`,
        'email',
      ),
    );
  }
  return json(existed ? 200 : 201, draft.tppRegistry[body.organisationId]);
};

/** DELETE /_sandbank/tpps/{organisationId} */
export const deregisterTpp: Operation = (draft, input) => {
  const id = input.params.organisationId ?? '';
  if (ownEntry(draft.tppRegistry, id) === undefined) {
    throw apiError('RESOURCE_UNKNOWN', `no registered TPP ${id.slice(0, 80)}`, { status: 404 });
  }
  delete draft.tppRegistry[id];
  return empty(204);
};
