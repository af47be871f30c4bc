import Typography from '@mui/material/Typography';
import { formatCount, formatDateTime } from '@/utils/format';
import type { StoredExport } from './export-store';

/** What the tab kept of an export the page left in the middle, and whether it can go on from there. */
export function ExportOffer(props: {
  what: string;
  stored: StoredExport;
  /** How many records there are in all, when known. */
  total: number | undefined;
}) {
  const { stored } = props;
  const of = props.total === undefined ? '' : ` of ${formatCount(props.total)}`;
  return (
    <Typography sx={{ mb: 2 }}>
      An export of {props.what}, started {formatDateTime(stored.startedAt / 1000)}, was interrupted
      after {formatCount(stored.loaded)}
      {of} records.{' '}
      {stored.position
        ? 'Resume it from where it stopped, or start again.'
        : 'They were too many to keep in this tab, so it must start again.'}
    </Typography>
  );
}
