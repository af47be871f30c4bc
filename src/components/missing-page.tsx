import type { ReactNode } from 'react';
import { PageHeader } from './page-header';
import { EmptyState } from './states';

/**
 * The page of something that does not exist (a user, a group, a message): what is missing, in words,
 * and the way back. It offers no action and no retry: there is nothing to act on, and asking again
 * gives the same answer.
 */
export function MissingPage({
  heading,
  title,
  icon,
  back,
  children,
}: {
  /** The page's h1, "Group not found". */
  heading: string;
  /** What is missing, `No group “x”`. */
  title: string;
  icon?: ReactNode;
  /** The way back: a link to the list. */
  back: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <PageHeader title={heading} actions={back} />
      <EmptyState title={title} icon={icon}>
        {children}
      </EmptyState>
    </>
  );
}
