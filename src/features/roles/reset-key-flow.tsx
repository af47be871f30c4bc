import type { PermissionCatalogItem, PermissionValue } from '@/api/schemas/role';
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
  current: PermissionValue | undefined;
  /** Called with the key's value after the reset as the service now holds it; undefined once a key is removed. */
  onDone: (value: PermissionValue | undefined) => void;
  onClose: () => void;
}

/** Confirm, then `DELETE /roles/{role}/permissions/{permission}`; the toast says what the key is now. */
export function ResetKeyFlow({ role, permission, item, saved, current, onDone, onClose }: Props) {
  const notify = useNotify();
  const reset = useResetPermission(role);
  const confirm = async () => {
    try {
      const result = await reset.mutateAsync(permission);
      const after = effectiveMap(result.permissions, item ? [item] : []);
      const value = Object.prototype.hasOwnProperty.call(after, permission) ? after[permission] : undefined;
      onDone(value);
      notify(item ? `${permission} is back to its default (${formatValue(value)}).` : `${permission} was removed from role ${role}.`);
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
      defaultValue={item?.defaultValue ?? null}
      hasUnsavedEdit={!sameValue(saved, current)}
      pending={reset.isPending}
      error={reset.error ? describeError(reset.error) : null}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
