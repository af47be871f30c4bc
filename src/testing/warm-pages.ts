// Every module a page can load lazily: the route modules and what they import on demand (dialogs,
// drawers, pickers). Importing them here, before the first test of a worker, keeps their first
// transform out of the tests' waits; later files of the worker find them cached (the dom project does
// not isolate files).
const lazyModules = import.meta.glob([
  '../app/**/*.tsx',
  '../features/**/*.tsx',
  '../components/**/*.tsx',
  '!../**/*.test.tsx',
]);

let warmed: Promise<unknown> | undefined;

/** Settles once every page module was imported; one that fails to load fails only the tests that use it. */
export function warmPages(): Promise<unknown> {
  warmed ??= Promise.allSettled(Object.values(lazyModules).map((load) => load()));
  return warmed;
}
