import Chip from '@mui/material/Chip';
import type { User } from '@/api/schemas/user';

/** Deactivated, available or offline, with the word always shown (never colour alone). */
export function StatusChip({ user }: { user: User }) {
  if (user.deactivatedAt !== undefined) {
    // The word in the body colour keeps its contrast on tinted (selected, hovered) rows.
    return (
      <Chip
        size="small"
        label="Deactivated"
        color="error"
        variant="outlined"
        sx={{ color: 'text.primary' }}
      />
    );
  }
  return user.status === 'available' ? (
    <Chip size="small" label="Available" color="success" variant="outlined" />
  ) : (
    <Chip size="small" label="Offline" variant="outlined" />
  );
}
