import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Group } from '@/api/schemas/group';
import type { User } from '@/api/schemas/user';
import { UserLink } from '@/components/user-link';
import { formatRelative } from '@/utils/format';

const isGroup = (entity: User | Group): entity is Group => 'guid' in entity;

/** A sender or receiver: a user (role, status, last active) or a group (type, members). */
export function ParticipantCard({
  title,
  id,
  entity,
  isUser,
}: {
  title: string;
  id: string;
  entity: User | Group | undefined;
  /** A user (not a group): the name links to the user's overview. */
  isUser: boolean;
}) {
  const name = entity?.name ?? id;
  const facts = !entity
    ? []
    : isGroup(entity)
      ? [
          `group · ${entity.type}`,
          entity.membersCount !== undefined ? `${entity.membersCount} members` : undefined,
        ]
      : [
          entity.role ? `role ${entity.role}` : undefined,
          entity.status,
          entity.lastActiveAt !== undefined
            ? `last active ${formatRelative(entity.lastActiveAt)}`
            : undefined,
          entity.deactivatedAt !== undefined ? 'deactivated' : undefined,
        ];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={title}
      sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flex: '1 1 260px', minWidth: 0 }}
    >
      <Avatar aria-hidden="true">{[...name][0]?.toUpperCase() ?? '?'}</Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="overline" component="p" color="textSecondary">
          {title}
        </Typography>
        <Typography noWrap>{isUser ? <UserLink uid={id}>{name}</UserLink> : name}</Typography>
        <Typography variant="body2" color="textSecondary" noWrap>
          {isUser ? <UserLink uid={id} /> : id}
          {facts
            .filter(Boolean)
            .map((fact) => ` · ${fact}`)
            .join('')}
        </Typography>
      </Box>
    </Paper>
  );
}
