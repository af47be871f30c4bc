import { ReasonsPage } from '@/features/moderation-reasons/reasons-page';

export default function ModerationReasonsRoute() {
  return <ReasonsPage />;
}
