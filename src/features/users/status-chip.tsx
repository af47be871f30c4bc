import Chip from '@mui/material/Chip';
import type { User } from '@/api/schemas/user';

export type UserState = 'deactivated' | 'available' | 'offline';

/** What the status chip says: deactivated first, then presence. */
export function userState(user: User): UserState {
  if (user.deactivatedAt !== undefined) return 'deactivated';
  return user.status === 'available' ? 'available' : 'offline';
}

export const userStateLabels: Record<UserState, string> = {
  deactivated: 'Deactivated',
  available: 'Available',
  offline: 'Offline',
};

/** Deactivated, available or offline, with the word always shown (never colour alone). */
export function StatusChip({ user }: { user: User }) {
  const state = userState(user);
  const label = userStateLabels[state];
  if (state === 'deactivated') {
    // The word in the body colour keeps its contrast on tinted (selected, hovered) rows.
    return (
      <Chip
        size="small"
        label={label}
        color="error"
        variant="outlined"
        sx={{ color: 'text.primary' }}
      />
    );
  }
  return state === 'available' ? (
    <Chip size="small" label={label} color="success" variant="outlined" />
  ) : (
    <Chip size="small" label={label} variant="outlined" />
  );
}
