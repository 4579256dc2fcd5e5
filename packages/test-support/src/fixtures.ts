import { fileURLToPath } from 'node:url';

/** The fixture CA, TPP certificate, openssl configuration and signature vectors (make-fixtures.sh). */
export const SECURITY_FIXTURES = fileURLToPath(new URL('../fixtures/security/', import.meta.url));
