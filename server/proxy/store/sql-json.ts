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

/** Whether any value of `column`'s object, or a member of a list in it, is the text `value`. */
export function jsonHasText(engine: Engine, column: string, value: string): RawBuilder<boolean> {
  return engine === 'postgres'
    ? sql<boolean>`jsonb_path_exists(${sql.ref(column)}::jsonb, '$.* ? (@ == $v)', jsonb_build_object('v', ${value}::text))`
    : sql<boolean>`EXISTS (SELECT 1 FROM json_tree(${sql.ref(column)}) AS t WHERE t.type = 'text' AND t.atom = ${value})`;
}
