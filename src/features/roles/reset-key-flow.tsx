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
  /** Called with the key's value after the reset, as the service now holds it. */
  onDone: (value: PermissionValue) => void;
  onClose: () => void;
}

/** Confirm, then `DELETE /roles/{role}/permissions/{permission}`; the toast says what the key is now. */
export function ResetKeyFlow({ role, permission, item, saved, current, onDone, onClose }: Props) {
  const notify = useNotify();
  const reset = useResetPermission(role);
  const confirm = async () => {
    try {
      const result = await reset.mutateAsync(permission);
      const value = effectiveMap(result.permissions, item ? [item] : [])[permission] ?? null;
      onDone(value);
      notify(`${permission} is back to its default (${formatValue(value)}).`);
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };
  return (
    <ResetKeyDialog
      role={role}
      permission={permission}
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
