import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { pageHeadings } from '@/config/page-headings';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  return (
    <>
      <PageHeader {...pageHeadings['not-found']} />
      <Typography sx={{ mb: 2 }}>
        There is no page at this address. It may have moved, or the link is wrong.
      </Typography>
      <Button component={Link} to={paths.home.href()} variant="contained">
        Go to home
      </Button>
    </>
  );
}
