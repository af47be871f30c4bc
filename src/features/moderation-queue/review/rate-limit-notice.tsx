import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';

/** "Rate limited, retrying in N s", counting down; remount it (key) for each new wait. */
export function RateLimitNotice({ seconds }: { seconds: number }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Alert severity="warning" role="status">
      {left > 0 ? `Rate limited, retrying in ${left} s.` : 'Rate limited, retrying now…'}
    </Alert>
  );
}
