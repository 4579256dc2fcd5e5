export type {
  InstalledSandbox,
  InstallSandboxOptions,
  UnhandledRequestStrategy,
} from './install-sandbox.js';
export { installSandbox } from './install-sandbox.js';
export { isSandboxPath } from './paths.js';
