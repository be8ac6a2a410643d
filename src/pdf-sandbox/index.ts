export {
  runInSandbox,
  runSandboxTask,
  resolveSandboxLaunch,
  configureSandboxLaunch,
  configureSandboxPool,
  shutdownSandboxPool,
  sandboxPoolStats,
  sandboxTenantLimit,
  SANDBOX_DEFAULT_MAX_OLD_SPACE_MB,
  SANDBOX_DEFAULT_TIMEOUT_MS,
  SANDBOX_DEFAULT_POOL_SIZE,
  SANDBOX_DEFAULT_MAX_TASKS_PER_CHILD,
  SANDBOX_DEFAULT_IDLE_TIMEOUT_MS,
  SANDBOX_DEFAULT_NICE,
} from './run-in-sandbox';
export type {
  SandboxInput,
  SandboxLimits,
  SandboxPoolOptions,
  SandboxPoolStats,
  SandboxLaunch,
} from './run-in-sandbox';
export { SandboxError, SANDBOX_ERROR_CODES, MAX_PDF_PAGES } from './sandbox-error';
export type { SandboxErrorCode } from './sandbox-error';
export type { PdfInspection } from './preflight';
export type { SandboxTaskDefinition, SandboxTaskName, SandboxTaskTable, SandboxTaskTypes } from './task-registry';
