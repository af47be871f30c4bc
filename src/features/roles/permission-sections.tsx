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
  return (
    <>
      {groupCatalog(catalog).map((section) => (
        <PermissionSection
          key={section.id}
          title={section.title}
          summary={summary(section.items, known)}
        >
          {section.items.map((item) => (
            <PermissionRow
              key={item.id}
              permission={item.id}
              item={item}
              control={control}
              {...state(item.id)}
              {...rowProps}
            />
          ))}
        </PermissionSection>
      ))}
      {others.length > 0 ? (
        <PermissionSection
          title="Other keys"
          summary="Keys in this role’s map that the permission catalog does not know. The service stores them as given: a string or a list of strings. Add more in the JSON view."
        >
          {others.map((key) => (
            <PermissionRow
              key={key}
              permission={key}
              item={undefined}
              control={control}
              {...state(key)}
              {...rowProps}
            />
          ))}
        </PermissionSection>
      ) : null}
    </>
  );
}
