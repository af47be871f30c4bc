import type { PermissionCatalogItem, Role } from '@/api/schemas/role';
import { controlKind } from '../permission-model';
import { CheckboxGroupControl, valueOptions } from './checkbox-group-control';
import type { ControlProps } from './control-props';
import { RolePickerControl } from './role-picker-control';
import { SelectControl } from './select-control';
import { SwitchControl } from './switch-control';
import { TagInputControl } from './tag-input-control';
import { TextControl } from './text-control';

/** The control for one key: from its catalog entry, or from its value's shape for keys the catalog does not know. */
export function KeyControl(
  props: ControlProps & { item: PermissionCatalogItem | undefined; roles: readonly Role[] },
) {
  const { item, roles, ...control } = props;
  if (!item)
    return Array.isArray(control.value) ? (
      <TagInputControl {...control} />
    ) : (
      <TextControl {...control} />
    );
  const available = item.availableValues ?? [];
  switch (controlKind(item)) {
    case 'switch':
      return <SwitchControl {...control} />;
    case 'select':
      return <SelectControl {...control} options={available} />;
    case 'text':
      return <TextControl {...control} />;
    case 'checkboxes':
      return <CheckboxGroupControl {...control} options={valueOptions(available, control.value)} />;
    case 'roles':
      return <RolePickerControl {...control} roles={roles} />;
    case 'tags':
      return <TagInputControl {...control} />;
  }
}
