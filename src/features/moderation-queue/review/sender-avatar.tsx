import Avatar from '@mui/material/Avatar';

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters.map((w) => (w ? [...w][0]?.toUpperCase() : '')).join('') || '?';
}

/** Initials only: avatar URLs point at hosts we do not know, so the console never loads them. */
export function SenderAvatar({ name, size = 36 }: { name: string; size?: number }) {
  return (
    <Avatar
      aria-hidden
      sx={{
        width: size,
        height: size,
        fontSize: size * 0.42,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
      }}
    >
      {initialsOf(name)}
    </Avatar>
  );
}
