import Typography from '@mui/material/Typography';
import { formatCount, formatDateTime } from '@/utils/format';
import type { StoredExport } from './export-store';

/** What the tab kept of an export the page left in the middle, and whether it can go on from there. */
export function ExportOffer(props: { what: string; stored: StoredExport; total: number }) {
  const { stored } = props;
  return (
    <Typography sx={{ mb: 2 }}>
      An export of {props.what}, started {formatDateTime(stored.startedAt / 1000)}, was interrupted
      after {formatCount(stored.loaded)} of {formatCount(props.total)} records.{' '}
      {stored.position
        ? 'Resume it from where it stopped, or start again.'
        : 'They were too many to keep in this tab, so it must start again.'}
    </Typography>
  );
}
