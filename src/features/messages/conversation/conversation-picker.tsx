import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useQuery } from '@tanstack/react-query';
import { groupQueries } from '@/api/queries/groups';
import { userQueries } from '@/api/queries/users';
import type { Group } from '@/api/schemas/group';
import type { User } from '@/api/schemas/user';
import { UserPicker } from '@/components/user-picker';
import type { ConversationMode, ConversationSelection } from './conversation-filters';
import { GroupPicker } from './group-picker';

type ConversationTarget = Pick<ConversationSelection, 'mode' | 'userA' | 'userB' | 'group'>;

/** The URL holds only ids; the pickers show names once the service has answered. */
function useUser(uid: string): User | null {
  const user = useQuery({ ...userQueries.detail(uid), enabled: uid !== '' });
  if (!uid) return null;
  return user.data ?? { uid, name: uid };
}

function useGroup(guid: string): Group | null {
  const group = useQuery({ ...groupQueries.detail(guid), enabled: guid !== '' });
  if (!guid) return null;
  return group.data ?? { guid, name: guid, type: 'public' };
}

/** Chooses the conversation to browse: two users (one-on-one) or a group. */
export function ConversationPicker({
  value,
  onChange,
}: {
  value: ConversationTarget;
  onChange: (next: ConversationTarget) => void;
}) {
  const userA = useUser(value.userA);
  const userB = useUser(value.userB);
  const group = useGroup(value.group);
  const setMode = (mode: ConversationMode | null) => {
    if (mode) onChange({ ...value, mode });
  };

  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' } }}
    >
      <ToggleButtonGroup
        exclusive
        size="small"
        value={value.mode}
        onChange={(_event, mode: ConversationMode | null) => setMode(mode)}
        aria-label="Conversation kind"
      >
        <ToggleButton value="users">One-on-one</ToggleButton>
        <ToggleButton value="group">Group</ToggleButton>
      </ToggleButtonGroup>
      {value.mode === 'users' ? (
        <>
          <UserPicker
            label="First user"
            size="small"
            value={userA}
            onChange={(user) => onChange({ ...value, userA: user?.uid ?? '' })}
          />
          <UserPicker
            label="Second user"
            size="small"
            value={userB}
            onChange={(user) => onChange({ ...value, userB: user?.uid ?? '' })}
          />
        </>
      ) : (
        <GroupPicker
          value={group}
          onChange={(next) => onChange({ ...value, group: next?.guid ?? '' })}
        />
      )}
    </Stack>
  );
}
