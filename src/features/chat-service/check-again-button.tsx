import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { chatServiceQueries } from '@/api/queries/chat-service';

/** Runs the doctor again; disabled while a run is under way. */
export function CheckAgainButton() {
  const report = useQuery(chatServiceQueries.report());
  return (
    <Button
      variant="contained"
      startIcon={<RefreshOutlined />}
      disabled={report.isFetching}
      onClick={() => void report.refetch()}
    >
      Check again
    </Button>
  );
}
