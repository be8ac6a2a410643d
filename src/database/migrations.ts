import { Foundation1795315799950 } from './migrations/1795315799950-Foundation';

/** Checked-in migrations in order; generated with `npm run migration:generate`, then read. */
export const MIGRATIONS = [Foundation1795315799950];
