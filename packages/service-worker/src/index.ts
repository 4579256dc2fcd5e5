export type { SandbankEvent, WorkerConfig } from './protocol.js';
export { CHANNEL_NAME } from './protocol.js';
export type { RegisteredSandbox, RegisterSandboxOptions } from './register.js';
export { registerSandbox } from './register.js';
export type { StateMirror, StateMirrorOptions, StateMirrorSource } from './state-mirror.js';
export { createStateMirror } from './state-mirror.js';
export type { StorageReport } from './storage/index.js';
export { VERSION } from './version.js';
