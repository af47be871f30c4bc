import type { Control } from 'react-hook-form';
import type { PermissionMap, Role } from '@/api/schemas/role';
import type { PermissionFormValues } from './form-values';
import { groupCatalog, otherKeys, sameValue, type Catalog } from './permission-model';
import { PermissionRow } from './permission-row';
import { PermissionSection } from './permission-section';

interface Props {
  catalog: Catalog;
  current: PermissionMap;
  baseline: PermissionMap;
  control: Control<PermissionFormValues>;
  roles: readonly Role[];
  readOnly: boolean;
  readOnlyReason: string;
  onReset: (permission: string) => void;
  onUndo: (permission: string) => void;
}

/** The catalog grouped by capability, then the keys the catalog does not know. */
export function PermissionSections({ catalog, current, baseline, control, ...rowProps }: Props) {
  const others = otherKeys(current, catalog);
  return (
    <>
      {groupCatalog(catalog).map((section) => {
        const differing = section.items.filter((item) => !sameValue(current[item.id], item.defaultValue ?? null)).length;
        return (
          <PermissionSection
            key={section.id}
            title={section.title}
            summary={`${section.items.length} ${section.items.length === 1 ? 'key' : 'keys'}, ${differing} ${differing === 1 ? 'differs' : 'differ'} from default`}
          >
            {section.items.map((item) => (
              <PermissionRow key={item.id} permission={item.id} item={item} saved={baseline[item.id]} control={control} {...rowProps} />
            ))}
          </PermissionSection>
        );
      })}
      {others.length > 0 ? (
        <PermissionSection
          title="Other keys"
          summary="Keys in this role’s map that the permission catalog does not know. The service stores them as given: a string or a list of strings. Add more in the JSON view."
        >
          {others.map((key) => (
            <PermissionRow key={key} permission={key} item={undefined} saved={baseline[key]} control={control} {...rowProps} />
          ))}
        </PermissionSection>
      ) : null}
    </>
  );
}
