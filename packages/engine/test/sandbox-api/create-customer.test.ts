import { api, errorsOf, KARI, NEW_PRIVATE, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

const path = '/v1/sandbox/customers';

test('creates a private customer with a national id and lists it', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'POST', path, {
    body: { customerNumber: NEW_PRIVATE, name: 'Per Hansen', type: 'private' },
  });
  expect(result.status).toBe(201);
  expect(result.body).toMatchObject({
    customerNumber: NEW_PRIVATE,
    customerType: 'private',
    customerName: 'Per Hansen',
  });
  const list = await api(sandbox, 'GET', path);
  expect(list.body).toHaveLength(5);
  expect(list.body[4]).toEqual(result.body);
});

test('creates a corporate customer with any customer number of digits (parts 2.7, 4.2: a string)', async () => {
  const sandbox = newSandbox();
  const byId = await api(sandbox, 'POST', path, {
    body: { customerNumber: NEW_PRIVATE, name: 'Hansen Enkeltpersonforetak', type: 'corporate' },
  });
  expect(byId.status).toBe(201);
  const byOrg = await api(sandbox, 'POST', path, {
    body: { customerNumber: '923609016', name: 'Equinor ASA', type: 'corporate' },
  });
  expect(byOrg.status).toBe(201);
  expect(byOrg.body.customerType).toBe('corporate');
  const eightDigits = await api(sandbox, 'POST', path, {
    body: { customerNumber: '55555555', name: 'Testbedrift AS', type: 'corporate' },
  });
  expect(eightDigits.status).toBe(201);
  expect(eightDigits.body.tppMessages).toBeUndefined();
});

test('reads the type in any case and says what it stored', async () => {
  const result = await api(newSandbox(), 'POST', path, {
    body: { customerNumber: '55555555', name: 'Testbedrift AS', type: 'CORPORATE' },
  });
  expect(result.status).toBe(201);
  expect(result.body.customerType).toBe('corporate');
  expect(result.body.tppMessages).toEqual([
    {
      category: 'WARNING',
      code: 'FORMAT_ERROR',
      path: 'type',
      text: 'type: stored "corporate" for "CORPORATE"',
    },
  ]);
});

test('rejects an organisation number for a private customer', async () => {
  const result = await api(newSandbox(), 'POST', path, {
    body: { customerNumber: '923609016', name: 'Equinor ASA', type: 'private' },
  });
  expect(result.status).toBe(400);
  expect(errorsOf(result)).toEqual([{ code: 'FORMAT_ERROR', path: 'customerNumber' }]);
});

test('rejects a private national id with a wrong check digit, and a corporate number that is not digits', async () => {
  const sandbox = newSandbox();
  const badId = await api(sandbox, 'POST', path, {
    body: { customerNumber: '13039319956', name: 'Feil', type: 'private' },
  });
  expect(errorsOf(badId)).toEqual([{ code: 'FORMAT_ERROR', path: 'customerNumber' }]);
  const badOrg = await api(sandbox, 'POST', path, {
    body: { customerNumber: '9236-09017', name: 'Feil AS', type: 'corporate' },
  });
  expect(errorsOf(badOrg)).toEqual([{ code: 'FORMAT_ERROR', path: 'customerNumber' }]);
});

test('rejects a duplicate customerNumber with 409 CONFLICT', async () => {
  const result = await api(newSandbox(), 'POST', path, {
    body: { customerNumber: KARI, name: 'Kari igjen', type: 'private' },
  });
  expect(result.status).toBe(409);
  expect(errorsOf(result)).toEqual([{ code: 'CONFLICT', path: 'customerNumber' }]);
});

test('names every missing or wrong field', async () => {
  const result = await api(newSandbox(), 'POST', path, { body: { name: 'x'.repeat(71), type: 'person' } });
  expect(result.status).toBe(400);
  expect(errorsOf(result)).toEqual([
    { code: 'FORMAT_ERROR', path: 'customerNumber' },
    { code: 'FORMAT_ERROR', path: 'name' },
    { code: 'FORMAT_ERROR', path: 'type' },
  ]);
  expect(result.body.tppMessages[0].text).toBe('customerNumber is required');
});

test('ignores unknown fields', async () => {
  const result = await api(newSandbox(), 'POST', path, {
    body: { customerNumber: NEW_PRIVATE, name: 'Per', type: 'private', nickname: 'P' },
  });
  expect(result.status).toBe(201);
  expect(result.body).not.toHaveProperty('nickname');
});
