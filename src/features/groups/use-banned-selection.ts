import { useMemo, useState } from 'react';
import type { User } from '@/api/schemas/user';
import type { PagedTableSelection } from '@/components/use-paged-table';

/**
 * The banned users chosen for a bulk unban, by uid, kept across pages; `table` is the checkboxes'
 * part of it, offered only to an operator who may manage bans.
 */
export function useBannedSelection(mayManage: boolean) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const table = useMemo<PagedTableSelection<User> | undefined>(
    () =>
      mayManage
        ? {
            isSelected: (user: User) => selected.has(user.uid),
            onChange: (rows: User[], on: boolean) =>
              setSelected((current) => {
                const next = new Set(current);
                for (const user of rows) {
                  if (on) next.add(user.uid);
                  else next.delete(user.uid);
                }
                return next;
              }),
            rowLabel: (user: User) => `Select ${user.uid}`,
            pageLabel: 'Select all banned users shown',
          }
        : undefined,
    [mayManage, selected],
  );
  return { selected, setSelected, table };
}
