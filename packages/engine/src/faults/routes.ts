import * as z from 'zod/mini';
import { apiError } from '../core/errors.js';
import { FaultEffect, FaultMatch, FaultRule } from '../core/fault-state.js';
import { empty, json } from '../core/http.js';
import { namedRoutes, type Operation, type Route } from '../core/router.js';
import { int } from '../core/zod-support.js';
import { apiOperationIdList, operationIdList } from './operation-ids.js';
import { SCENARIOS, scenarioNamed } from './scenarios.js';
import { addRule, parseRuleInput } from './schema.js';

/** For the OpenAPI document (the operation validates the body field by field, src/faults/schema.ts). */
const RuleBody = z.object({
  match: z.optional(FaultMatch),
  effect: FaultEffect,
  times: z.optional(int().check(z.gte(1))),
  until: z.optional(z.iso.datetime({ offset: true })),
});

/**
 * The fault rules on the control plane (ARCHITECTURE.md, public contract; docs/faults.md):
 * `GET/POST/DELETE /_sandbank/faults`, `DELETE /_sandbank/faults/{id}`, `GET /_sandbank/scenarios`,
 * `POST /_sandbank/scenarios/{name}`. Rules live in the state, so every change here is committed,
 * persisted and exported like any other.
 */
export function createFaultRoutes(getRoutes: () => readonly Route[]): readonly Route[] {
  const listFaults: Operation = (draft) => json(200, { rules: draft.faults.rules });

  const addFault: Operation = (draft, input, ctx) => {
    const routes = getRoutes();
    const rule = parseRuleInput(input.body, {
      apiOperations: apiOperationIdList(routes),
      allOperations: operationIdList(routes),
      basePath: ctx.basePath.slice((ctx.mount ?? '').length),
    });
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
