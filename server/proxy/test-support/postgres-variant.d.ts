/**
 * A test file imported again by its `*.postgres.test.ts` sibling (`onPostgres`): the query makes it
 * a module of its own, evaluated afresh even in a worker that already ran the file itself.
 */
declare module '*.test?postgres';
