// The objects every request makes by copying another one field by field (not with a spread, which
// Node 20's V8 gives a hidden class per object: docs/decisions/hidden-classes.md) keep every field.
// The fixtures are typed with every optional field required, so a field added to one of these types
// fails to compile here until the fixture has it, and then fails the test until the copy keeps it.
import { describe, expect, it } from 'vitest';
import { type BaseContext, requestContext } from '../../src/core/context.js';
import { createHistory } from '../../src/core/history.js';
import { type EngineResponse, headersWith, responseWith } from '../../src/core/http.js';
import { copyTpp } from '../../src/security/to-verified-tpp.js';
import type { VerifiedTpp } from '../../src/security/types.js';

const tpp: Required<VerifiedTpp> = {
  organisationId: 'PSDNO-FSA-933012867',
  name: 'Test TPP',
  country: 'NO',
  roles: ['PSP_AI', 'PSP_PI'],
  ncaName: 'Finanstilsynet',
  ncaId: 'NO-FSA',
  serialHex: '0A1B',
  issuerDn: 'CN=Sandbox CA',
  subjectDn: 'CN=Test TPP',
  fingerprint: 'ab'.repeat(32),
  notBefore: 1_700_000_000_000,
  notAfter: 1_800_000_000_000,
  email: 'tpp@example.com',
};

describe('requestContext', () => {
  it('keeps every field of the gateway part and adds empty fixes and warnings', () => {
    const base: Required<BaseContext> = {
      now: 1_772_445_600_000,
      sourceNow: 1_772_445_000_000,
      origin: 'https://bank.example',
      mount: '/bank',
      profile: 'production',
      secret: 'pepper',
      basePath: '/bank/v1',
      acceptFixDefaults: 'legacy',
      tpp: {
        kind: 'verified',
        organisationId: tpp.organisationId,
        name: tpp.name,
        roles: tpp.roles,
        fingerprint: tpp.fingerprint,
        signedAt: 1_772_445_600_000,
      },
      history: createHistory(5),
    };
    const ctx = requestContext(base);
    expect(ctx).toEqual({ ...base, fixes: new Set(), warnings: [] });
    expect(ctx.history).toBe(base.history);
  });

  it('leaves out the optional fields the gateway did not set', () => {
    const ctx = requestContext({
      now: 1,
      sourceNow: 1,
      origin: 'https://bank.example',
      profile: 'sandbox',
      basePath: '/v1',
      tpp: { kind: 'unchecked' },
    });
    for (const name of ['mount', 'secret', 'acceptFixDefaults', 'history'])
      expect(ctx).not.toHaveProperty(name);
  });
});

describe('copyTpp', () => {
  it('copies every field, with roles the caller may change', () => {
    const copy = copyTpp(tpp);
    expect(copy).toEqual(tpp);
    copy.roles.push('PSP_IC');
    expect(tpp.roles).toEqual(['PSP_AI', 'PSP_PI']);
  });

  it('leaves email out when the certificate had none', () => {
    const { email: _, ...withoutEmail } = tpp;
    expect(copyTpp(withoutEmail)).not.toHaveProperty('email');
  });
});

describe('responseWith', () => {
  const full: Required<EngineResponse> = {
    status: 401,
    headers: { 'x-request-id': 'abc' },
    json: { tppMessages: [] },
    html: '<p>',
    keepChanges: true,
    written: true,
  };

  it('keeps the fields it is not given and replaces those it is', () => {
    expect(responseWith(full, {})).toEqual(full);
    expect(responseWith(full, { json: { replaced: true } })).toEqual({ ...full, json: { replaced: true } });
    expect(responseWith(full, { status: 200, headers: {} })).toEqual({ ...full, status: 200, headers: {} });
  });

  it('drops a body set to undefined and adds no field the response did not have', () => {
    const bare: EngineResponse = { status: 204, headers: {} };
    expect(responseWith(full, { json: undefined })).not.toHaveProperty('json');
    expect(responseWith(bare, {})).toEqual(bare);
    expect(Object.keys(responseWith(bare, { headers: { a: 'b' } }))).toEqual(['status', 'headers']);
  });
});

describe('headersWith', () => {
  it('copies the headers and sets the extra ones over them, leaving the original as it was', () => {
    const headers = { 'content-type': 'application/json', 'x-request-id': 'old' };
    const out = headersWith(headers, { 'x-request-id': 'new', location: '/x' });
    expect(out).toEqual({ 'content-type': 'application/json', 'x-request-id': 'new', location: '/x' });
    expect(headers['x-request-id']).toBe('old');
  });
});
