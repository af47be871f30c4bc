import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { PermissionCatalogItem, PermissionValue } from '@/api/schemas/role';
import { Hint } from '@/components/hint';
import { formatValue } from './permission-model';
import { reportedDate } from './reported-model';

/** What a row knows of its key; see `PermissionRow`'s props. */
interface KeyState {
  permission: string;
  item: PermissionCatalogItem | undefined;
  saved: PermissionValue | undefined;
  known: boolean;
  /** The reported value is the catalog default. */
  savedAtDefault: boolean;
  /** The form's value differs from where it started, or an unknown key is included in the save. */
  unsaved: boolean;
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

/** The key's title and id, what it means, what is known of its value, and its state as chips. */
export function KeyDescription(
  props: KeyState & {
    reportedAt: number | null;
    labelId: string;
    descriptionId: string;
  },
) {
  const { permission, item, known, saved, reportedAt, savedAtDefault, unsaved } = props;
  const { labelId, descriptionId } = props;
  return (
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
  );
}

/** Undo, include in save, and reset to default (or remove, for a key the catalog does not know). */
export function KeyActions(
  props: KeyState & {
    readOnly: boolean;
    readOnlyReason: string;
    onReset: (permission: string) => void;
    onUndo: (permission: string) => void;
    onEdit: (permission: string) => void;
  },
) {
  const { permission, item, saved, known, unsaved, savedAtDefault, readOnly, readOnlyReason } =
    props;
  const { onReset, onUndo, onEdit } = props;
  const defaultValue = item ? (item.defaultValue ?? null) : undefined;
  return (
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
        <Hint title={readOnly ? readOnlyReason : ''}>
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
        </Hint>
      ) : null}
    </Stack>
  );
}
