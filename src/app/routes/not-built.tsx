import Alert from '@mui/material/Alert';
import { PageHeader } from '@/components/page-header';

/** Plainly says that a page of the product is not available yet. */
export function NotBuiltYet({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Alert severity="info">This page is not available yet in this version of the console.</Alert>
    </>
  );
}
