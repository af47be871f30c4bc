import Alert from '@mui/material/Alert';
import { reportedDate, type Known } from './reported-model';

/** Where the editor's values come from: the service's last report through the console, or nowhere yet. */
export function ReportNotice({ known, unknownCount }: { known: Known; unknownCount: number }) {
  if (known.reportedAt === null) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        The chat service does not report a role’s current permissions: the console shows the map the
        service returns when a key is saved or reset through it, and no such answer was seen for
        this role yet. Every value below is unknown, and the controls start from the catalog
        defaults. Saving sends only the keys you change.
      </Alert>
    );
  }
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      Values as reported by the service on {reportedDate(known.reportedAt)}
      {known.reportedBy ? `, in its answer to a change by ${known.reportedBy}` : ''}. A change made
      outside the console since then shows only after the next save or reset here.
      {unknownCount > 0 ? ` ${unknownCount} keys are unknown (not reported).` : ''}
    </Alert>
  );
}
