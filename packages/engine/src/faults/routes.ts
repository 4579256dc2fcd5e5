import * as z from 'zod/mini';
import type { RequestContext } from '../core/context.js';
import { apiError } from '../core/errors.js';
import { FaultEffect, FaultMatch, FaultRule } from '../core/fault-state.js';
import { empty, json } from '../core/http.js';
import { namedRoutes, type Operation, type Route } from '../core/router.js';
import type { BankState, State } from '../core/state.js';
import { int } from '../core/zod-support.js';
import { apiOperationIdList, operationIdList } from './operation-ids.js';
import { SCENARIOS, scenarioNamed } from './scenarios.js';
import { addRule, parseRuleInput, type RuleContext, storedRulesIssue } from './schema.js';

/** For the OpenAPI document (the operation validates the body field by field, src/faults/schema.ts). */
const RuleBody = z.object({
  match: z.optional(FaultMatch),
  effect: FaultEffect,
  times: z.optional(int().check(z.gte(1))),
  until: z.optional(z.iso.datetime({ offset: true })),
});

/** What a rule's match may name, on this route table and this bank's base path. */
function ruleContext(routes: readonly Route[], ctx: RequestContext): RuleContext {
  return {
    apiOperations: apiOperationIdList(routes),
    allOperations: operationIdList(routes),
    basePath: ctx.basePath.slice((ctx.mount ?? '').length),
  };
}

/**
 * For the import (PUT /_sandbank/state): the first stored rule that POST /_sandbank/faults would have
 * refused, a rule that could never fire among them, as the import names a problem. A file is written
 * by hand or kept from another bank; its rules meet the same checks as a client's.
 */
export function importedRulesCheck(getRoutes: () => readonly Route[]) {
  return (state: State, ctx: RequestContext): { path: string; message: string } | null => {
    // The bank's rules, then each snapshot's (a restore brings them back).
    const banks: Array<[Array<string | number>, BankState]> = [
      [[], state],
      ...Object.entries(state.snapshots).map(([name, snapshot]): [string[], BankState] => [
        ['snapshots', name, 'state'],
        snapshot.state,
      ]),
    ];
    let context: RuleContext | undefined;
    for (const [where, bank] of banks) {
      if (bank.faults.rules.length === 0) continue;
      context ??= ruleContext(getRoutes(), ctx);
      const issue = storedRulesIssue(bank.faults.rules, context);
      if (issue !== null) {
        return { path: [...where, 'faults', 'rules', ...issue.path].join('.'), message: issue.message };
      }
    }
    return null;
  };
}

/**
 * The fault rules on the control plane (ARCHITECTURE.md, public contract; docs/faults.md):
 * `GET/POST/DELETE /_sandbank/faults`, `DELETE /_sandbank/faults/{id}`, `GET /_sandbank/scenarios`,
 * `POST /_sandbank/scenarios/{name}`. Rules live in the state, so every change here is committed,
 * persisted and exported like any other.
 */
export function createFaultRoutes(getRoutes: () => readonly Route[]): readonly Route[] {
  const listFaults: Operation = (draft) => json(200, { rules: draft.faults.rules });

  const addFault: Operation = (draft, input, ctx) => {
    const rule = parseRuleInput(input.body, ruleContext(getRoutes(), ctx));
    return json(201, addRule(draft, rule, ctx.now));
  };

  /** Clears every rule; payments a rule kept pending go on with the next batch run. */
  const clearFaults: Operation = (draft) => {
    draft.faults.rules = [];
    draft.faults.held = [];
    return empty(204);
  };

  const removeFault: Operation = (draft, input) => {
    const id = input.params.id ?? '';
    const index = draft.faults.rules.findIndex((rule) => rule.id === id);
    if (index < 0)
      throw apiError('NOT_FOUND', `no fault rule ${id.slice(0, 100)}; GET /_sandbank/faults lists them`);
    draft.faults.rules.splice(index, 1);
    return empty(204);
  };

  const listScenarios: Operation = () =>
    json(200, { scenarios: SCENARIOS.map(({ name, description }) => ({ name, description })) });

  /** Adds the scenario's rules (after any already there) and answers them. */
  const applyScenario: Operation = (draft, input, ctx) => {
    const name = input.params.name ?? '';
    const scenario = scenarioNamed(name);
    if (scenario === undefined) {
      throw apiError(
        'NOT_FOUND',
        `no scenario ${name.slice(0, 100)}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`,
      );
    }
    const basePath = ctx.basePath.slice((ctx.mount ?? '').length);
    const rules = scenario.rules(ctx.now, basePath).map((rule) => addRule(draft, rule, ctx.now, name));
    return json(201, { scenario: name, description: scenario.description, rules });
  };

  const control = 'control' as const;
  return namedRoutes({ listFaults, addFault, clearFaults, removeFault, listScenarios, applyScenario }, [
    {
      method: 'GET',
      path: '/faults',
      service: control,
      operation: listFaults,
      response: z.object({ rules: z.array(FaultRule) }),
      summary: 'The fault rules',
    },
    {
      method: 'POST',
      path: '/faults',
      service: control,
      operation: addFault,
      body: RuleBody,
      response: FaultRule,
      summary: 'Add a fault rule: {"match": {...}, "effect": {...}, "times"?, "until"?} (docs/faults.md)',
    },
    {
      method: 'DELETE',
      path: '/faults',
      service: control,
      operation: clearFaults,
      summary: 'Clear every fault rule',
    },
    {
      method: 'DELETE',
      path: '/faults/:id',
      service: control,
      operation: removeFault,
      summary: 'Remove one fault rule',
    },
    {
      method: 'GET',
      path: '/scenarios',
      service: control,
      operation: listScenarios,
      summary: 'The named fault scenarios',
    },
    {
      method: 'POST',
      path: '/scenarios/:name',
      service: control,
      operation: applyScenario,
      summary: 'Apply a named scenario: adds its fault rules',
    },
  ]);
}
