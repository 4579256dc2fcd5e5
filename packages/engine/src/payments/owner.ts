import type { RequestContext } from '../core/context.js';

/** Who owns a payment or basket: the verified TPP's organisationId, or 'unverified' while signatures are off. */
export function tppIdOf(ctx: RequestContext): string {
  return ctx.tpp.kind === 'verified' ? ctx.tpp.organisationId : 'unverified';
}
