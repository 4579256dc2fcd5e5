/**
 * The Norwegian identifiers the bank checks, for apps that build valid requests (the playground's
 * example bodies): a national identity number or D-number (11 digits, two mod-11 check digits), a
 * BBAN (11 digits, MOD11 check digit) and its IBAN. The mock-data API validates with the same functions.
 */
export { isNorwegianNationalId } from './core/headers.js';
export { ibanFromBban, makeBban } from './sandbox-api/norwegian.js';
