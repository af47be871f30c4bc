import { OperatorsPage } from '@/features/operators/operators-page';

export default function OperatorsRoute() {
  return <OperatorsPage />;
}
