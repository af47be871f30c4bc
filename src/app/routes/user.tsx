import { NotBuiltYet } from './not-built';

export default function Page() {
  return <NotBuiltYet title="User" />;
}
