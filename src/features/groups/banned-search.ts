import type { User } from '@/api/schemas/user';

/**
 * Whether a banned user matches the search: any part of the uid or the name, ignoring case. The
 * service documents no search on a group's banned users, so this runs over the page already loaded.
 */
export function matchesBannedSearch(user: Pick<User, 'uid' | 'name'>, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  return user.uid.toLowerCase().includes(wanted) || user.name.toLowerCase().includes(wanted);
}
