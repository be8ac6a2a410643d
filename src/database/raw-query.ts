import type { EntityManager } from 'typeorm';

/**
 * Rows returned by a raw `UPDATE ... RETURNING` or `DELETE ... RETURNING`. TypeORM's postgres driver answers
 * those commands with `[rows, rowCount]` rather than the rows, so `.length` would always be 2.
 */
export async function rowsReturned<T = Record<string, unknown>>(
  manager: Pick<EntityManager, 'query'>,
  sql: string,
  params: unknown[],
): Promise<T[]> {
  const result: unknown = await manager.query(sql, params);
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') {
    return result[0] as T[];
  }
  return result as T[];
}
