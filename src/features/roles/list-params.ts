export const rowsPerPageOptions = [10, 25, 50, 100] as const;
const defaultPerPage = 25;

/** The roles list's page and page size from the URL (`?page=2&perPage=50`); anything malformed takes the default. */
export function readListParams(params: URLSearchParams): { page: number; perPage: number } {
  const page = Number(params.get('page') ?? '1');
  const perPage = Number(params.get('perPage') ?? String(defaultPerPage));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    perPage: (rowsPerPageOptions as readonly number[]).includes(perPage) ? perPage : defaultPerPage,
  };
}

export function writeListParams(params: URLSearchParams, next: { page: number; perPage: number }): URLSearchParams {
  const out = new URLSearchParams(params);
  if (next.page === 1) out.delete('page');
  else out.set('page', String(next.page));
  if (next.perPage === defaultPerPage) out.delete('perPage');
  else out.set('perPage', String(next.perPage));
  return out;
}
