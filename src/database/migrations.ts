import { Foundation1795315799950 } from './migrations/1795315799950-Foundation';
import { ImportsTemplates1795316541556 } from './migrations/1795316541556-ImportsTemplates';

/** Checked-in migrations in order; generated with `npm run migration:generate`, then read. */
export const MIGRATIONS = [Foundation1795315799950, ImportsTemplates1795316541556];
