import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column written as "table"."column" whatever the query around it looks like. Drizzle leaves columns
 * unqualified in a select from one table, so inside a correlated subquery a bare "id" would be read as
 * the subquery's own column (join_requests.id) rather than the outer circles.id. Every correlated
 * subquery names its columns through this.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
