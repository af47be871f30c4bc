import { Fragment } from 'react';
import type { AuditTargets } from '@/api/schemas/console';
import { formatTargets } from '@/utils/format-targets';
import { UserLinks } from './user-link';

/** The targets that name users: a path's `uid` and a body's uid list. */
const uidTargets = new Set(['uid', 'uids']);

/**
 * Audit targets in one line, as `formatTargets` writes them, with each uid a link to the user's
 * overview (`className` for a plain anchor in a table's cell).
 */
export function AuditTargetsText({
  targets,
  className,
}: {
  targets: AuditTargets;
  className?: string;
}) {
  const parts = Object.entries(targets).filter(([, value]) => value !== false);
  return parts.map(([name, value], index) => {
    const separator = index > 0 ? ' · ' : '';
    if (!uidTargets.has(name) || typeof value === 'boolean')
      return (
        <Fragment key={name}>
          {separator}
          {formatTargets({ [name]: value })}
        </Fragment>
      );
    return (
      <Fragment key={name}>
        {separator}
        {name}{' '}
        <UserLinks uids={typeof value === 'string' ? [value] : value} className={className} />
      </Fragment>
    );
  });
}
