import { runSandboxTask, type SandboxInput, type SandboxLimits } from 'src/pdf-sandbox';
import type { SandboxTestTaskTypes } from './test-tasks';

/** runInSandbox for the test tasks (served by the test child entry only: see compiled-child.ts). */
export function runTestTask<K extends keyof SandboxTestTaskTypes>(
  task: K,
  input: SandboxInput<SandboxTestTaskTypes[K]['payload']>,
  limits?: SandboxLimits,
): Promise<SandboxTestTaskTypes[K]['result']> {
  return runSandboxTask(task, input, limits) as Promise<SandboxTestTaskTypes[K]['result']>;
}
