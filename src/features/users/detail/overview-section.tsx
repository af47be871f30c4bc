import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { ErrorState } from '@/components/states';

interface Props {
  title: string;
  /** Beside the title: "See all", a count. */
  actions?: ReactNode;
  /** Under the title: where the list comes from, how much of it was read. */
  note?: ReactNode;
  state: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** What the section says when it has nothing to show. */
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}

/**
 * One section of the user overview: loads on its own, with its own loading, empty and error states,
 * so a slow or failing list never holds up the rest of the page.
 */
export function OverviewSection(props: Props) {
  const id = useId();
  const { state } = props;
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2" id={id} sx={{ flex: '1 1 auto' }}>
          {props.title}
        </Typography>
        {props.actions}
      </Box>
      {props.note ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {props.note}
        </Typography>
      ) : null}
      {state.isPending ? (
        <Box role="status" aria-label={`Loading: ${props.title}`}>
          <Skeleton />
          <Skeleton />
          <Skeleton width="60%" />
        </Box>
      ) : state.isError ? (
        <ErrorState error={state.error} onRetry={() => void state.refetch()} />
      ) : props.isEmpty ? (
        <Typography color="textSecondary">{props.empty}</Typography>
      ) : (
        props.children
      )}
    </Paper>
  );
}
