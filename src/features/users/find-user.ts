import { ApiError } from '@/api/http';
import type { User } from '@/api/schemas/user';
import { getUser, listUsers } from '@/api/users';

export interface FoundUser {
  user: User;
  deactivated: boolean;
}

/**
 * `GET /users/{uid}` answers 404 for a deactivated user, so on a 404 the user is looked up among the
 * deactivated ones (`searchKey` is a prefix match, so the exact uid is picked from the page).
 */
export async function findUser(uid: string, signal?: AbortSignal): Promise<FoundUser> {
  try {
    const user = await getUser(uid, signal);
    return { user, deactivated: user.deactivatedAt !== undefined };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const page = await listUsers({ searchKey: uid, onlyDeactivated: true, perPage: 100 }, signal);
    const wanted = uid.toLowerCase();
    const user = page.data.find((candidate) => candidate.uid.toLowerCase() === wanted);
    if (!user) throw error;
    return { user, deactivated: true };
  }
}
