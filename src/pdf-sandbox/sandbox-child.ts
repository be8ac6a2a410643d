/**
 * Entry file of the production sandbox child process (forked by run-in-sandbox.ts): serves the
 * production task table only. Specs fork their own entry with test tasks added (test/utils/sandbox).
 */
import { startSandboxChild } from './sandbox-child-runtime';
import { SANDBOX_TASKS } from './task-registry';

startSandboxChild(SANDBOX_TASKS);
