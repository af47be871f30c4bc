import type { Cursor } from '../schemas/common';

/** What a cursor-paged answer carries: its items, the items it could not read, and `meta.next`. */
interface CursorPage {
  data: readonly unknown[];
  unsupported: readonly unknown[];
  meta: { next?: Cursor | undefined };
}

/**
 * The cursor of the page after `last`: its `meta.next`, unless the page came back short of
 * `pageSize` (the service sends a `next` even on the last page).
 */
export const nextCursor =
  (pageSize: number) =>
  (last: CursorPage): Cursor | undefined =>
    last.meta.next && last.data.length + last.unsupported.length >= pageSize
      ? { affix: last.meta.next.affix, id: last.meta.next.id }
      : undefined;
