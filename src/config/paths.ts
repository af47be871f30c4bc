/** Every route of the app: its router pattern and an href builder. */
export const paths = {
  home: { path: '/', href: () => '/' },
  signIn: {
    path: '/sign-in',
    href: (next?: string) =>
      next && next !== '/' ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in',
  },
  changePassword: {
    path: '/change-password',
    href: (next?: string) =>
      next && next !== '/'
        ? `/change-password?next=${encodeURIComponent(next)}`
        : '/change-password',
  },
  blocked: { path: '/moderation/blocked', href: () => '/moderation/blocked' },
  flagged: { path: '/moderation/flagged', href: () => '/moderation/flagged' },
  reasons: { path: '/moderation/reasons', href: () => '/moderation/reasons' },
  insights: { path: '/moderation/insights', href: () => '/moderation/insights' },
  messages: { path: '/messages', href: () => '/messages' },
  message: { path: '/messages/:id', href: (id: string) => `/messages/${encodeURIComponent(id)}` },
  roles: { path: '/roles', href: () => '/roles' },
  role: { path: '/roles/:role', href: (role: string) => `/roles/${encodeURIComponent(role)}` },
  users: { path: '/users', href: () => '/users' },
  user: { path: '/users/:uid', href: (uid: string) => `/users/${encodeURIComponent(uid)}` },
  groups: { path: '/groups', href: () => '/groups' },
  groupMembers: {
    path: '/groups/:guid/members',
    href: (guid: string) => `/groups/${encodeURIComponent(guid)}/members`,
  },
  groupBanned: {
    path: '/groups/:guid/banned',
    href: (guid: string) => `/groups/${encodeURIComponent(guid)}/banned`,
  },
  audit: { path: '/audit', href: () => '/audit' },
  operators: { path: '/operators', href: () => '/operators' },
  chatService: { path: '/chat-service', href: () => '/chat-service' },
} as const;
