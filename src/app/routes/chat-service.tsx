import Alert from '@mui/material/Alert';
import { PageHeader } from '@/components/page-header';
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
        title="Chat service"
        subtitle="Whether the console can work with the chat service it is configured for: address, key, quota and every read it makes."
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
