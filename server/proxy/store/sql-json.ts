import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './schema-migrations';

/**
 * The few places where SQLite and PostgreSQL spell JSON differently (decision 0019); everything else
 * the query builder writes for both. JSON is stored as text on both engines.
 */

/** The text of `column`'s top-level `key` (null when absent). */
export function jsonText(engine: Engine, column: string, key: string): RawBuilder<string | null> {
  return engine === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::jsonb ->> ${sql.lit(key)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
}
