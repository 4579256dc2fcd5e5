import { api, KARI, newSandbox } from '@sandbank/test-support/sandbox-api';
import { expect, test } from 'vitest';

test('lists customers as an array of {customerId, customerNumber, customerType, customerName}', async () => {
  const sandbox = newSandbox();
  const result = await api(sandbox, 'GET', '/v1/sandbox/customers');
  expect(result.status).toBe(200);
  expect(Array.isArray(result.body)).toBe(true);
  const kari = result.body[0];
  expect(Object.keys(kari)).toEqual(['customerId', 'customerNumber', 'customerType', 'customerName']);
  expect(kari).toMatchObject({
    customerNumber: KARI,
    customerType: 'private',
    customerName: 'Kari Nordmann',
  });
  expect(kari.customerId).toMatch(/^enc!!/);
});

test('requires X-Request-ID like every /v1 operation', async () => {
  const sandbox = newSandbox();
  const response = await sandbox.fetch(new Request('http://localhost/v1/sandbox/customers'));
  expect(response.status).toBe(400);
  expect((await response.json()).tppMessages[0].code).toBe('HTTP_HEADER_REQUIRED');
});
