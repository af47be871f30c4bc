import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { PermissionCatalogItem, PermissionValue, Role } from '@/api/schemas/role';
import { KeyControl } from './controls/key-control';
import { fieldPath, type PermissionFormValues } from './form-values';
import { formatValue, sameValue } from './permission-model';
import { reportedDate } from './reported-model';

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

/** What is known of the key's value on the service: reported (and when), or unknown. */
function valueSentence(
  item: PermissionCatalogItem | undefined,
  known: boolean,
  saved: PermissionValue | undefined,
  reportedAt: number | null,
): string {
  const defaultValue = formatValue(item?.defaultValue ?? null);
  if (known) {
    const when = reportedAt === null ? 'an unknown date' : reportedDate(reportedAt);
    return `Set to ${formatValue(saved)} (reported by the service on ${when}).${item ? ` Default: ${defaultValue}.` : ''}`;
  }
  if (item)
    return `Unknown: the service does not report current values; the default is ${defaultValue}.`;
  return reportedAt === null
    ? 'Unknown: the service does not report current values.'
    : 'A new key: not in the map the service reported.';
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
      <Box sx={{ minWidth: 0 }}>
        {item ? (
          <>
            <Typography component="h3" variant="h3">
              {item.title || permission}
            </Typography>
            <Typography
              id={labelId}
              variant="body2"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
            >
              {permission}
            </Typography>
          </>
        ) : (
          <Typography
            id={labelId}
            component="h3"
            variant="h3"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
          >
            {permission}
          </Typography>
        )}
        <Typography id={descriptionId} variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
          {item
            ? item.description || item.title
            : 'Not in the permission catalog: the service stores it as given.'}{' '}
          {valueSentence(item, known, saved, reportedAt)}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
          {!known && item ? (
            <Chip size="small" variant="outlined" label="Unknown" />
          ) : item ? (
            <Chip
              size="small"
              variant="outlined"
              color={savedAtDefault ? 'default' : 'primary'}
              label={savedAtDefault ? 'Default' : 'Differs from default'}
            />
          ) : (
            <Chip size="small" variant="outlined" label="Not in catalog" />
          )}
          {unsaved ? <Chip size="small" color="secondary" label="Unsaved change" /> : null}
        </Stack>
      </Box>
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
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {unsaved && !readOnly ? (
            <Button
              size="small"
              onClick={() => onUndo(permission)}
              aria-label={`Undo change: ${permission}`}
            >
              Undo change
            </Button>
          ) : null}
          {!known && !unsaved && !readOnly ? (
            <Tooltip
              title={`Sends the default (${formatValue(defaultValue)}) on save, so the service holds it whatever it holds now.`}
            >
              <Button
                size="small"
                onClick={() => onEdit(permission)}
                aria-label={`Include in save: ${permission}`}
              >
                Include in save
              </Button>
            </Tooltip>
          ) : null}
          {item ? (
            <Tooltip
              title={
                readOnly
                  ? readOnlyReason
                  : savedAtDefault
                    ? 'Already at its default, as the service reported'
                    : ''
              }
            >
              <span>
                <Button
                  size="small"
                  disabled={readOnly || savedAtDefault}
                  onClick={() => onReset(permission)}
                  aria-label={`Reset to default: ${permission}`}
                >
                  Reset to default
                </Button>
              </span>
            </Tooltip>
          ) : saved !== undefined ? (
            <Tooltip title={readOnly ? readOnlyReason : ''}>
              <span>
                <Button
                  size="small"
                  disabled={readOnly}
                  onClick={() => onReset(permission)}
                  aria-label={`Remove key: ${permission}`}
                >
                  Remove key
                </Button>
              </span>
            </Tooltip>
          ) : null}
        </Stack>
      </Box>
    </Box>
  );
});
