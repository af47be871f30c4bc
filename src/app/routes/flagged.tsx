import { PageHeader } from '@/components/page-header';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { FlaggedView } from '@/features/moderation-queue/flagged/flagged-view';
import { QueueSwitch } from '@/features/moderation-queue/queue-switch';

export default function FlaggedMessagesPage() {
  const operator = useOperator();
  return (
    <>
      <PageHeader
        title="Flagged messages"
        subtitle="Messages users reported or a rule flagged. Approving keeps one visible; blocking hides it."
      />
      <QueueSwitch current="flagged" />
      <FlaggedView review={operator.can('moderateFlagged') || deniedReason('moderateFlagged')} />
    </>
  );
}
