export type { GuardOptions } from './guard.js';
export type { ListenOptions } from './server.js';
export {
  createSandboxServer,
  DEFAULT_HOST,
  DEFAULT_PORT,
  listen,
  toWebRequest,
  writeWebResponse,
} from './server.js';
