import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import type { MessageSearch } from '@/api/message-search';
import { ExportDialog } from '../export/export-dialog';
import { interruptedExport, type StoredExport } from '../export/export-store';
import { messageSearchExport } from '../export/message-export';

/**
 * "Export CSV" of every message the search finds, through the console's one resumable export;
 * `query` (the search as the URL holds it) names the export, so after a reload the same search
 * offers to resume it.
 */
export function SearchExport({ search, query }: { search: MessageSearch; query: string }) {
  const [dialog, setDialog] = useState<{ interrupted?: StoredExport } | null>(() => {
    const interrupted = interruptedExport(
      (subject) => subject.kind === 'messages' && subject.search === query,
    );
    return interrupted ? { interrupted } : null;
  });
  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadOutlined />} onClick={() => setDialog({})}>
        Export CSV
      </Button>
      {dialog ? (
        <ExportDialog
          source={messageSearchExport(search)}
          subject={{ kind: 'messages', search: query }}
          expected={undefined}
          interrupted={dialog.interrupted}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
}
