import Alert from '@mui/material/Alert';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { LoadingState } from '@/components/loading-state';
import { deniedReason } from '@/config/capabilities';
import { useOperator, useSession } from '@/features/auth/use-session';
import { CheckAgainButton } from '@/features/chat-service/check-again-button';
import { ChatServiceReport } from '@/features/chat-service/chat-service-report';

export default function ChatServicePage() {
  const session = useSession();
  const operator = useOperator();
  const mayCheck = operator.can('checkChatService');
  return (
    <>
      <PageHeader
        {...pageHeadings['chat-service']}
        actions={mayCheck ? <CheckAgainButton /> : undefined}
      />
      {session.isPending ? (
        <LoadingState label="Loading" />
      ) : mayCheck ? (
        <ChatServiceReport />
      ) : (
        <Alert severity="info">{deniedReason('checkChatService')}</Alert>
      )}
    </>
  );
}
