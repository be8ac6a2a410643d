/** Entry of the specs' sandbox child: the production tasks plus the test tasks. */
import { startSandboxChild } from 'src/pdf-sandbox/sandbox-child-runtime';
import { SANDBOX_TASKS } from 'src/pdf-sandbox/task-registry';
import { SANDBOX_TEST_TASKS } from './test-tasks';

startSandboxChild({ ...SANDBOX_TASKS, ...SANDBOX_TEST_TASKS });
