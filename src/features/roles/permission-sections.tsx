import { startTransition, useEffect, useState } from 'react';
import type { Control } from 'react-hook-form';
import type { PermissionCatalogItem, PermissionMap, Role } from '@/api/schemas/role';
import type { PermissionFormValues } from './form-values';
import { groupCatalog, otherKeys, sameValue, type Catalog } from './permission-model';
import { PermissionRow } from './permission-row';
import { PermissionSection } from './permission-section';
import { isKnown, type Known } from './reported-model';

interface Props {
  catalog: Catalog;
  current: PermissionMap;
  /** Where the form started: reported values, defaults where unknown. */
  baseline: PermissionMap;
  known: Known;
  explicit: ReadonlySet<string>;
  control: Control<PermissionFormValues>;
  roles: readonly Role[];
  readOnly: boolean;
  readOnlyReason: string;
  onReset: (permission: string) => void;
  onUndo: (permission: string) => void;
  onEdit: (permission: string) => void;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** How a section's keys stand as reported; unknown keys are counted apart, never as default or not. */
function summary(items: readonly PermissionCatalogItem[], known: Known): string {
  const reported = items.filter((item) => isKnown(known, item.id));
  const differing = reported.filter(
    (item) => !sameValue(known.values[item.id], item.defaultValue ?? null),
  ).length;
  const unknown = items.length - reported.length;
  const parts = [
    ...(reported.length > 0
      ? [`${differing} ${differing === 1 ? 'differs' : 'differ'} from default as reported`]
      : []),
    ...(unknown > 0 ? [`${unknown} unknown (not reported by the service)`] : []),
  ];
  return `${plural(items.length, 'key', 'keys')}: ${parts.join(', ')}`;
}

/** Rows in the first paint: about a screen's worth; the rest mount after it, below them. */
const firstRows = 4;
/** Rows each later commit adds: a batch renders and commits in well under 50 ms. */
const rowsPerBatch = 8;

/**
 * How many rows are mounted: a screen's worth first, then a batch more after each commit, as
 * transitions (time-sliced, and put aside for anything the operator does meanwhile). Mounting every
 * row at once was one long task that delayed the page's first paint.
 */
function useMountedRows(total: number): number {
  const [mounted, setMounted] = useState(firstRows);
  useEffect(() => {
    if (mounted < total) startTransition(() => setMounted(mounted + rowsPerBatch));
  }, [mounted, total]);
  return mounted;
}

/** The catalog grouped by capability, then the keys the catalog does not know. */
export function PermissionSections({
  catalog,
  current,
  baseline,
  known,
  explicit,
  control,
  ...rowProps
}: Props) {
  const others = otherKeys(current, catalog);
  const state = (key: string) => ({
    known: isKnown(known, key),
    explicit: explicit.has(key),
    reportedAt: known.reportedAt,
    saved: baseline[key],
  });
  const sections = [
    ...groupCatalog(catalog).map((section) => ({
      id: section.id,
      title: section.title,
      summary: summary(section.items, known),
      rows: section.items.map((item) => ({ key: item.id, item })),
    })),
    ...(others.length > 0
      ? [
          {
            id: 'other-keys',
            title: 'Other keys',
            summary:
              'Keys in this role’s map that the permission catalog does not know. The service stores them as given: a string or a list of strings. Add more in the JSON view.',
            rows: others.map((key) => ({ key, item: undefined })),
          },
        ]
      : []),
  ];
  const total = sections.reduce((sum, section) => sum + section.rows.length, 0);
  const mountedRows = useMountedRows(total);
  let first = 0;
  return (
    // Busy until every row is there (a fraction of a second after the first paint).
    <div aria-busy={mountedRows < total ? true : undefined}>
      {sections.map((section) => {
        const shown = section.rows.slice(0, Math.max(0, mountedRows - first));
        first += section.rows.length;
        return shown.length > 0 ? (
          <PermissionSection key={section.id} title={section.title} summary={section.summary}>
            {shown.map(({ key, item }) => (
              <PermissionRow
                key={key}
                permission={key}
                item={item}
                control={control}
                {...state(key)}
                {...rowProps}
              />
            ))}
          </PermissionSection>
        ) : null;
      })}
    </div>
  );
}
