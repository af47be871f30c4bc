import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { memo, useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { PermissionCatalogItem, PermissionValue, Role } from '@/api/schemas/role';
import { KeyControl } from './controls/key-control';
import { fieldPath, type PermissionFormValues } from './form-values';
import { sameValue } from './permission-model';
import { KeyActions, KeyDescription } from './permission-row-parts';

interface Props {
  permission: string;
  /** Undefined for a key the catalog does not know. */
  item: PermissionCatalogItem | undefined;
  /** Where the form started: the reported value, or the default when unknown (what Save compares against). */
  saved: PermissionValue | undefined;
  /** False when the service never reported the key's value: `saved` is then only the default. */
  known: boolean;
  /** An unknown key the operator set explicitly: sent on save even if it holds the default. */
  explicit: boolean;
  /** When the service reported the known values (ms). */
  reportedAt: number | null;
  control: Control<PermissionFormValues>;
  roles: readonly Role[];
  readOnly: boolean;
  readOnlyReason: string;
  onReset: (permission: string) => void;
  onUndo: (permission: string) => void;
  /** The operator set the key (a control change, or "Include in save"). */
  onEdit: (permission: string) => void;
}

/**
 * One key: what it means, its value and default, its control, and undo / reset. Memoised: a change to one
 * key re-renders that row only (each row subscribes to its own field).
 */
export const PermissionRow = memo(function PermissionRow(props: Props) {
  const {
    permission,
    item,
    saved,
    known,
    explicit,
    reportedAt,
    control,
    roles,
    readOnly,
    readOnlyReason,
  } = props;
  const { onReset, onUndo, onEdit } = props;
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  const { field, fieldState } = useController({ control, name: fieldPath(permission) });
  const value = field.value;
  const defaultValue = item ? (item.defaultValue ?? null) : undefined;
  // Only a reported value can be said to equal or differ from the default.
  const savedAtDefault = known && item !== undefined && sameValue(saved, defaultValue);
  const unsaved = !sameValue(value, saved) || (!known && explicit);
  const error = fieldState.error?.message;
  const keyState = { permission, item, saved, known, savedAtDefault, unsaved };

  return (
    <Box
      component="li"
      data-permission={permission}
      sx={{
        listStyle: 'none',
        py: 2,
        borderTop: 1,
        borderColor: 'divider',
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { md: 'minmax(0, 5fr) minmax(0, 6fr)' },
      }}
    >
      <KeyDescription
        {...keyState}
        reportedAt={reportedAt}
        labelId={labelId}
        descriptionId={descriptionId}
      />
      <Box sx={{ minWidth: 0 }}>
        <KeyControl
          permission={permission}
          item={item}
          roles={roles}
          value={value}
          onChange={(next) => {
            field.onChange(next);
            onEdit(permission);
          }}
          onBlur={field.onBlur}
          labelId={labelId}
          describedBy={error ? `${descriptionId} ${errorId}` : descriptionId}
          disabled={readOnly}
          invalid={error !== undefined}
        />
        {error ? (
          <FormHelperText id={errorId} error role="alert">
            {error}
          </FormHelperText>
        ) : null}
        <KeyActions
          {...keyState}
          readOnly={readOnly}
          readOnlyReason={readOnlyReason}
          onReset={onReset}
          onUndo={onUndo}
          onEdit={onEdit}
        />
      </Box>
    </Box>
  );
});
