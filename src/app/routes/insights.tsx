import { InsightsPage } from '@/features/insights/insights-page';

export default function InsightsRoute() {
  return <InsightsPage />;
}
