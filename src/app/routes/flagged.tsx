import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { deniedReason } from '@/config/capabilities';
import { useOperator } from '@/features/auth/use-session';
import { FlaggedView } from '@/features/moderation-queue/flagged/flagged-view';
import { QueueSwitch } from '@/features/moderation-queue/queue-switch';

export default function FlaggedMessagesPage() {
  const operator = useOperator();
  return (
    <>
      <PageHeader {...pageHeadings.flagged} />
      <QueueSwitch current="flagged" />
      <FlaggedView review={operator.can('moderateFlagged') || deniedReason('moderateFlagged')} />
    </>
  );
}
