import Typography from '@mui/material/Typography';
import type { PermissionValue } from '@/api/schemas/role';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ValueText } from './value-text';

interface Props {
  role: string;
  permission: string;
  /** False for a key the catalog does not know: it has no default, so it is removed. */
  known: boolean;
  saved: PermissionValue | undefined;
  /** False when the service never reported the key's value. */
  savedKnown: boolean;
  defaultValue: PermissionValue | undefined;
  /** The operator has an unsaved edit on this key, which the reset replaces. */
  hasUnsavedEdit: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirms `DELETE /roles/{role}/permissions/{permission}`, which takes effect at once (not on Save). */
export function ResetKeyDialog(props: Props) {
  const {
    role,
    permission,
    known,
    saved,
    savedKnown,
    defaultValue,
    hasUnsavedEdit,
    pending,
    error,
    onConfirm,
    onClose,
  } = props;
  return (
    <ConfirmDialog
      open
      title={
        known ? `Reset ${permission} to its default?` : `Remove ${permission} from role “${role}”?`
      }
      confirmLabel={known ? 'Reset to default' : 'Remove key'}
      destructive
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      error={error}
    >
      <Typography variant="body2">
        The service drops role “{role}”’s own value for <code>{permission}</code> now, without
        waiting for Save
        {known
          ? ', and the catalog default applies to every user with this role.'
          : '. The key is not in the catalog, so it disappears from the map.'}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Value on the service:{' '}
        {savedKnown ? <ValueText value={saved} /> : 'unknown (not reported by the service)'}.
        {known ? (
          <>
            {' '}
            Default: <ValueText value={defaultValue} />.
          </>
        ) : null}
      </Typography>
      {hasUnsavedEdit ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          Your unsaved change to this key is discarded. Your other unsaved changes are kept.
        </Typography>
      ) : null}
    </ConfirmDialog>
  );
}
