export type { GuardOptions } from './guard.js';
export type { ListenOptions, ServerTimeouts } from './server.js';
export {
  createSandboxServer,
  DEFAULT_HOST,
  DEFAULT_PORT,
  listen,
  toWebRequest,
  writeWebResponse,
} from './server.js';
export { shutdown } from './shutdown.js';
