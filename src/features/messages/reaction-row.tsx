import RemoveCircleOutlineOutlined from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactionRecord } from '@/api/schemas/reaction';
import { DateTime } from '@/components/date-time';
import { formatRelative } from '@/utils/format';

export const reactionRowHeight = 60;

interface Props {
  record: ReactionRecord;
  /** Undefined when the operator may not act on behalf of users (the toolbar says why). */
  onRemove?: ((record: ReactionRecord) => void) | undefined;
}

/** Who reacted (avatar initial, name, uid, last active), with what, and when. */
export function ReactionRow({ record, onRemove }: Props) {
  const { reactedBy } = record;
  const initial = [...(reactedBy.name.trim() || reactedBy.uid)][0]?.toUpperCase() ?? '?';
  const label = `Remove ${reactedBy.name}’s ${record.reaction} reaction`;
  return (
    <Box
      sx={{
        height: reactionRowHeight,
        display: 'grid',
        gridTemplateColumns: '40px minmax(0, 1fr) 56px minmax(120px, auto) 48px',
        alignItems: 'center',
        columnGap: 2,
        px: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Avatar aria-hidden="true" sx={{ width: 32, height: 32, fontSize: 14 }}>
        {initial}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap>
          {reactedBy.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {reactedBy.uid}
          {reactedBy.lastActiveAt !== undefined ? ` · last active ${formatRelative(reactedBy.lastActiveAt)}` : ''}
        </Typography>
      </Box>
      <Typography sx={{ fontSize: 22, textAlign: 'center' }} title={record.reaction} noWrap>
        {record.reaction}
      </Typography>
      <Typography variant="body2" color="text.secondary" noWrap>
        <DateTime seconds={record.reactedAt} />
      </Typography>
      {onRemove ? (
        <Tooltip title={label}>
          <IconButton size="small" aria-label={label} onClick={() => onRemove(record)}>
            <RemoveCircleOutlineOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <span />
      )}
    </Box>
  );
}
