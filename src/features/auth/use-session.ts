import { useQuery } from '@tanstack/react-query';
import { sessionQueries } from '@/api/queries/session';
import type { OperatorRole } from '@/api/schemas/session';
import { can, type Capability } from '@/config/capabilities';

export function useSession() {
  return useQuery(sessionQueries.current());
}

/** The signed-in operator's role and a `can()` bound to it, for mirroring the server's rules in the UI. */
export function useOperator(): {
  username: string | undefined;
  role: OperatorRole | undefined;
  can: (c: Capability) => boolean;
} {
  const { data } = useSession();
  const role = data?.role;
  return { username: data?.username, role, can: (capability) => can(role, capability) };
}
