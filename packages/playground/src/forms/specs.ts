import type { State } from '@sandbank/engine';

/** One input of a mock-data form; `bodyPath` is where it lands in the body, as tppMessages name it. */
export interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'number' | 'date' | 'select';
  options?: readonly string[];
  /** Where the value goes: a body field path, or `param` for a path parameter. */
  bodyPath: string;
  initial?: (state: State | null) => string;
  hint?: string;
}

export type Values = Record<string, string>;

/** A mock-data API operation as data: the form renders it, the same spec builds the request. */
export interface FormSpec {
  id: string;
  title: string;
  method: 'POST' | 'PUT';
  /** The path with `:name` parameters, as route tables write it. */
  pattern: string;
  path: (values: Values) => string;
  fields: readonly FieldSpec[];
  body: (values: Values) => unknown;
}

const CURRENCIES = ['NOK', 'EUR', 'SEK', 'DKK', 'USD', 'GBP'] as const;
const CASH_ACCOUNT_TYPES = ['CACC', 'SVGS', 'TAXE', 'LOAN', 'SACC', 'TRAN', 'OTHR'] as const;
const BALANCE_TYPES = ['closingBooked', 'expected', 'interimBooked'] as const;

function firstOf<T>(record: Record<string, T> | undefined, pick: (item: T) => string): string {
  const first = record ? Object.values(record)[0] : undefined;
  return first === undefined ? '' : pick(first);
}

/** An account of the first agreement's owner: an agreement may only hold the owner's accounts. */
function ownersAccount(state: State | null) {
  const owner = firstOf(state?.agreements, (g) => g.owner);
  return Object.values(state?.accounts ?? {}).find((a) => a.customerNumber === owner);
}

/** Bank-clock date `days` ago, ISO (booking dates must lie in the past: platform-facts §2). */
function daysAgo(state: State | null, days: number): string {
  return new Date(Date.now() + (state?.clock.offsetMs ?? 0) - days * 86_400_000).toISOString().slice(0, 10);
}

const num = (value: string | undefined): number | string => {
  if (value === undefined || value.trim() === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n : value;
};
const opt = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value);
const enc = (value: string | undefined) => encodeURIComponent(value ?? '');

/** platform-facts §1 and §2: paths and bodies of the sandbox mock-data API. */
export const FORM_SPECS: readonly FormSpec[] = [
  {
    id: 'customer',
    title: 'Customer',
    method: 'POST',
    pattern: '/v1/sandbox/customers',
    path: () => '/v1/sandbox/customers',
    fields: [
      {
        name: 'customerNumber',
        label: 'Customer number (national id)',
        bodyPath: 'customerNumber',
        hint: '11 digits',
      },
      { name: 'name', label: 'Name', bodyPath: 'name' },
      { name: 'type', label: 'Type', type: 'select', options: ['private', 'corporate'], bodyPath: 'type' },
    ],
    body: (v) => ({ customerNumber: v.customerNumber, name: v.name, type: v.type }),
  },
  {
    id: 'account',
    title: 'Account',
    method: 'POST',
    pattern: '/v1/sandbox/accounts',
    path: () => '/v1/sandbox/accounts',
    fields: [
      {
        name: 'customerNumber',
        label: 'Owner (customer number)',
        bodyPath: 'customerNumber',
        initial: (s) => firstOf(s?.customers, (c) => c.customerNumber),
      },
      { name: 'accountName', label: 'Account name', bodyPath: 'accountName', initial: () => 'Brukskonto' },
      { name: 'bban', label: 'BBAN', bodyPath: 'bban', hint: '11 digits, MOD11' },
      { name: 'iban', label: 'IBAN', bodyPath: 'iban', hint: 'NO, 2 check digits, the BBAN' },
      { name: 'currency', label: 'Currency', type: 'select', options: CURRENCIES, bodyPath: 'currency' },
      { name: 'product', label: 'Product', bodyPath: 'product', initial: () => 'Brukskonto' },
      {
        name: 'cashAccountType',
        label: 'Cash account type',
        type: 'select',
        options: CASH_ACCOUNT_TYPES,
        bodyPath: 'cashAccountType',
      },
      {
        name: 'creditLine',
        label: 'Credit line',
        type: 'number',
        bodyPath: 'creditLine',
        initial: () => '0',
      },
      {
        name: 'balance',
        label: 'Opening balance',
        type: 'number',
        bodyPath: 'balances[0].balanceAmount.amount',
        initial: () => '1000',
      },
    ],
    body: (v) => ({
      customerNumber: v.customerNumber,
      accountName: v.accountName,
      bban: v.bban,
      iban: v.iban,
      currency: v.currency,
      product: v.product,
      cashAccountType: v.cashAccountType,
      creditLine: num(v.creditLine),
      balances: [
        { balanceType: 'closingBooked', balanceAmount: { amount: num(v.balance), currency: v.currency } },
        { balanceType: 'expected', balanceAmount: { amount: num(v.balance), currency: v.currency } },
      ],
    }),
  },
  {
    id: 'transaction',
    title: 'Account transaction',
    method: 'POST',
    pattern: '/v1/sandbox/accounts/:mockAccountId/transactions',
    path: (v) => `/v1/sandbox/accounts/${enc(v.accountId)}/transactions`,
    fields: [
      {
        name: 'accountId',
        label: 'Account (mockAccountId)',
        bodyPath: 'param',
        initial: (s) => firstOf(s?.accounts, (a) => a.id),
      },
      {
        name: 'amount',
        label: 'Amount (negative = outgoing)',
        type: 'number',
        bodyPath: 'amount',
        initial: () => '-250',
      },
      { name: 'currency', label: 'Currency', type: 'select', options: CURRENCIES, bodyPath: 'currency' },
      {
        name: 'bookingDate',
        label: 'Booking date',
        type: 'date',
        bodyPath: 'bookingDate',
        initial: (s) => daysAgo(s, 1),
      },
      {
        name: 'valueDate',
        label: 'Value date',
        type: 'date',
        bodyPath: 'valueDate',
        initial: (s) => daysAgo(s, 1),
      },
      { name: 'creditorName', label: 'Creditor name', bodyPath: 'creditorName', initial: () => 'Rema 1000' },
      { name: 'debtorName', label: 'Debtor name', bodyPath: 'debtorName' },
      {
        name: 'remittanceInformationUnstructured',
        label: 'Text',
        bodyPath: 'remittanceInformationUnstructured',
      },
    ],
    body: (v) => [
      {
        amount: num(v.amount),
        currency: v.currency,
        bookingDate: v.bookingDate,
        valueDate: v.valueDate,
        creditorName: opt(v.creditorName),
        debtorName: opt(v.debtorName),
        remittanceInformationUnstructured: opt(v.remittanceInformationUnstructured),
      },
    ],
  },
  {
    id: 'card-account',
    title: 'Card account',
    method: 'POST',
    pattern: '/v1/sandbox/card-accounts',
    path: () => '/v1/sandbox/card-accounts',
    fields: [
      {
        name: 'customerNumber',
        label: 'Owner (customer number)',
        bodyPath: 'customerNumber',
        initial: (s) => firstOf(s?.customers, (c) => c.customerNumber),
      },
      { name: 'name', label: 'Name on card', bodyPath: 'name' },
      {
        name: 'maskedPan',
        label: 'Masked PAN',
        bodyPath: 'maskedPan',
        initial: () => '5412xxxxxxxx0001',
        hint: 'like 1234xxxxxxxx4321',
      },
      { name: 'product', label: 'Product', bodyPath: 'product', initial: () => 'Mastercard' },
      { name: 'currency', label: 'Currency', type: 'select', options: CURRENCIES, bodyPath: 'currency' },
      {
        name: 'creditLimit',
        label: 'Credit limit',
        type: 'number',
        bodyPath: 'creditLimit.amount',
        initial: () => '20000',
      },
    ],
    body: (v) => ({
      customerNumber: v.customerNumber,
      name: v.name,
      maskedPan: v.maskedPan,
      product: v.product,
      currency: v.currency,
      creditLimit: { amount: num(v.creditLimit), currency: v.currency },
    }),
  },
  {
    id: 'card-transaction',
    title: 'Card transaction',
    method: 'POST',
    pattern: '/v1/sandbox/card-accounts/:mockCardAccountId/transactions',
    path: (v) => `/v1/sandbox/card-accounts/${enc(v.cardAccountId)}/transactions`,
    fields: [
      {
        name: 'cardAccountId',
        label: 'Card account (mockCardAccountId)',
        bodyPath: 'param',
        initial: (s) => firstOf(s?.cardAccounts, (c) => c.id),
      },
      {
        name: 'bookingStatus',
        label: 'Booking status',
        type: 'select',
        options: ['booked', 'pending'],
        bodyPath: 'bookingStatus',
      },
      {
        name: 'amount',
        label: 'Amount',
        type: 'number',
        bodyPath: 'transactionAmount.amount',
        initial: () => '-199',
      },
      {
        name: 'currency',
        label: 'Currency',
        type: 'select',
        options: CURRENCIES,
        bodyPath: 'transactionAmount.currency',
      },
      {
        name: 'bookingDate',
        label: 'Booking date',
        type: 'date',
        bodyPath: 'bookingDate',
        initial: (s) => daysAgo(s, 1),
      },
      {
        name: 'transactionDate',
        label: 'Transaction date',
        type: 'date',
        bodyPath: 'transactionDate',
        initial: (s) => daysAgo(s, 2),
      },
      {
        name: 'merchantCategoryCode',
        label: 'Merchant category code',
        bodyPath: 'merchantCategoryCode',
        initial: () => '5411',
      },
      { name: 'merchantName', label: 'Merchant', bodyPath: 'merchantName', initial: () => 'Rema 1000' },
    ],
    body: (v) => [
      {
        bookingStatus: v.bookingStatus,
        merchantName: opt(v.merchantName),
        bookingDate: v.bookingDate,
        transactionDate: v.transactionDate,
        transactionAmount: { amount: num(v.amount), currency: v.currency },
        originalAmount: { amount: num(v.amount), currency: v.currency },
        merchantCategoryCode: v.merchantCategoryCode,
      },
    ],
  },
  {
    id: 'card-balance',
    title: 'Card balance',
    method: 'PUT',
    pattern: '/v1/sandbox/card-accounts/:mockCardAccountId/balances',
    path: (v) => `/v1/sandbox/card-accounts/${enc(v.cardAccountId)}/balances`,
    fields: [
      {
        name: 'cardAccountId',
        label: 'Card account (mockCardAccountId)',
        bodyPath: 'param',
        initial: (s) => firstOf(s?.cardAccounts, (c) => c.id),
      },
      {
        name: 'balanceType',
        label: 'Balance type',
        type: 'select',
        options: BALANCE_TYPES,
        bodyPath: 'balanceType',
      },
      {
        name: 'amount',
        label: 'Amount',
        type: 'number',
        bodyPath: 'balanceAmount.amount',
        initial: () => '-1500',
      },
      {
        name: 'currency',
        label: 'Currency',
        type: 'select',
        options: CURRENCIES,
        bodyPath: 'balanceAmount.currency',
      },
    ],
    body: (v) => [
      { balanceType: v.balanceType, balanceAmount: { amount: num(v.amount), currency: v.currency } },
    ],
  },
  {
    id: 'agreement',
    title: 'Agreement',
    method: 'POST',
    pattern: '/v1/sandbox/agreements',
    path: () => '/v1/sandbox/agreements',
    fields: [
      {
        name: 'owner',
        label: 'Owner (corporate customer number)',
        bodyPath: 'owner',
        initial: (s) => firstOf(s?.agreements, (g) => g.owner),
      },
      { name: 'name', label: 'Agreement name', bodyPath: 'name', initial: () => 'Nettbank bedrift' },
      { name: 'customer', label: 'PSU (national id)', bodyPath: 'engagements[0].customer' },
      {
        name: 'iban',
        label: 'Account IBAN',
        bodyPath: 'engagements[0].account.iban',
        initial: (s) => ownersAccount(s)?.iban ?? '',
      },
      {
        name: 'roles',
        label: 'Roles (comma-separated)',
        bodyPath: 'engagements[0].roles',
        initial: () => 'VIEW,REGISTER',
      },
    ],
    body: (v) => ({
      owner: v.owner,
      name: v.name,
      engagements: [
        {
          customer: v.customer,
          account: { iban: v.iban },
          roles: (v.roles ?? '')
            .split(',')
            .map((r) => r.trim())
            .filter(Boolean),
        },
      ],
    }),
  },
];

/** `body.balances[0].balanceAmount.amount` and `[0].amount` → the field paths the specs use. */
export function normaliseMessagePath(path: string): string {
  return path.replace(/^body\.?/, '').replace(/^\[0\]\.?/, '');
}

export function initialValues(spec: FormSpec, state: State | null): Values {
  const values: Values = {};
  for (const field of spec.fields) {
    values[field.name] =
      field.initial?.(state) ?? (field.type === 'select' ? (field.options?.[0] ?? '') : '');
  }
  return values;
}

/** An example body for a method and path pattern (`:name` parameters), for the try-it console. */
export function exampleBody(method: string, pattern: string, state: State | null): unknown {
  const normalised = pattern.replace(/:\w+/g, ':p');
  const spec = FORM_SPECS.find((s) => s.method === method && s.pattern.replace(/:\w+/g, ':p') === normalised);
  if (spec) return spec.body(initialValues(spec, state));
  return CONTROL_EXAMPLES[`${method} ${pattern}`];
}

const CONTROL_EXAMPLES: Record<string, unknown> = {
  'POST /_sandbank/clock': { advanceMinutes: 60 },
  'POST /_sandbank/reset': {},
};
