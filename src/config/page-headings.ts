import type { OperatorRole } from '@/api/schemas/session';
import { can } from './capabilities';
import type { PageName } from './pages';

export interface PageHeading {
  title: string;
  subtitle?: string;
}

/** What a heading may depend on: the path's parameters and who is signed in. */
export interface HeadingContext {
  params?: Readonly<Record<string, string | undefined>>;
  username?: string | undefined;
  role?: OperatorRole | undefined;
}

/**
 * The headings pages draw in their first render, known from the path and the session alone. Each
 * page renders its own, and the console server draws it in the HTML's first paint
 * (src/app/first-paint.tsx), so both show the same words in the same place.
 */
export const pageHeadings = {
  home: ({ username }: HeadingContext): PageHeading => ({
    title: 'Home',
    subtitle: username ? `What needs attention, ${username}.` : 'What needs attention.',
  }),
  blocked: {
    title: 'Blocked messages',
    subtitle:
      'Messages a moderation rule held back. Approving delivers one now; rejecting keeps it blocked for good.',
  },
  flagged: {
    title: 'Flagged messages',
    subtitle:
      'Messages users reported or a rule flagged. Approving keeps one visible; blocking hides it.',
  },
  reasons: {
    title: 'Moderation reasons',
    subtitle: 'The reasons users and moderators pick when they flag a message.',
  },
  insights: ({ role }: HeadingContext): PageHeading =>
    can(role, 'readInsights')
      ? {
          title: 'Moderation insights',
          subtitle:
            "How the team and the moderation rules are doing: decisions made through the console, the queue, and each rule's approval rate.",
        }
      : { title: 'Moderation insights' },
  messages: {
    title: 'Messages',
    subtitle: 'Search messages, open one by id, or browse a conversation.',
  },
  message: ({ params }: HeadingContext): PageHeading => ({ title: `Message ${params?.id ?? ''}` }),
  roles: {
    title: 'Roles',
    subtitle:
      'The end-user roles of the chat app. Open one to review or edit what its users may do.',
  },
  users: {
    title: 'Users',
    subtitle: 'Find end users by uid or name; deactivate or reactivate them in bulk.',
  },
  groups: { title: 'Groups', subtitle: 'Find a group and look at its banned users.' },
  audit: {
    title: 'Audit log',
    subtitle:
      'Every change made through the console and every refused attempt, recorded by the console server.',
  },
  operators: {
    title: 'Operators',
    subtitle: 'The people who can sign in to this console, and what their role lets them do.',
  },
  'chat-service': {
    title: 'Chat service',
    subtitle:
      'Whether the console can work with the chat service it is configured for: address, key, quota and every read it makes.',
  },
  'not-found': { title: 'Page not found' },
} satisfies Partial<Record<PageName, PageHeading | ((context: HeadingContext) => PageHeading)>>;

/** The heading of a page, or undefined for a page whose heading needs its data first. */
export function headingOf(page: PageName, context: HeadingContext): PageHeading | undefined {
  if (!Object.hasOwn(pageHeadings, page)) return undefined;
  const heading = pageHeadings[page as keyof typeof pageHeadings];
  return typeof heading === 'function' ? heading(context) : heading;
}
