import type { PermissionCatalogItem, PermissionMap, PermissionValue } from '@/api/schemas/role';
import { describeError } from '@/api/errors';
import { useNotify } from '@/components/notifier';
import { useResetPermission } from './mutations';
import { effectiveMap, formatValue, sameValue } from './permission-model';
import { ResetKeyDialog } from './reset-key-dialog';

interface Props {
  role: string;
  permission: string;
  item: PermissionCatalogItem | undefined;
  saved: PermissionValue | undefined;
  /** False when the service never reported the key's value. */
  savedKnown: boolean;
  current: PermissionValue | undefined;
  /** An unknown key the operator set explicitly counts as an unsaved edit. */
  edited: boolean;
  /** Called with the role's whole map from the service's answer (undefined when the answer could not be read). */
  onDone: (map: PermissionMap | undefined) => void;
  onClose: () => void;
}

/** Confirm, then `DELETE /roles/{role}/permissions/{permission}`; the toast says what the key is now. */
export function ResetKeyFlow({
  role,
  permission,
  item,
  saved,
  savedKnown,
  current,
  edited,
  onDone,
  onClose,
}: Props) {
  const notify = useNotify();
  const reset = useResetPermission(role);
  const confirm = async () => {
    try {
      const result = await reset.mutateAsync(permission);
      const map = result?.permissions;
      const after = map ? effectiveMap(map, item ? [item] : []) : {};
      const value = Object.prototype.hasOwnProperty.call(after, permission)
        ? after[permission]
        : item?.defaultValue;
      onDone(map);
      notify(
        item
          ? `${permission} is back to its default (${formatValue(value ?? null)}).`
          : `${permission} was removed from role ${role}.`,
      );
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };
  return (
    <ResetKeyDialog
      role={role}
      permission={permission}
      known={item !== undefined}
      saved={saved}
      savedKnown={savedKnown}
      defaultValue={item?.defaultValue ?? null}
      hasUnsavedEdit={edited || !sameValue(saved, current)}
      pending={reset.isPending}
      error={reset.error ? describeError(reset.error) : null}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
