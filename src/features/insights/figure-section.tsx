import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';

/**
 * One figure of the insights page: a titled section with its chart and, on request, the same figures
 * as a table. Without data it shows `empty` in place of both.
 */
export function FigureSection({
  title,
  description,
  chart,
  table,
  empty,
}: {
  title: string;
  description?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  /** Shown instead of the chart and the table when there is nothing to draw. */
  empty?: ReactNode;
}) {
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = useId();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" id={titleId} sx={{ flex: 1 }}>
          {title}
        </Typography>
        {empty ? null : (
          <Button
            size="small"
            aria-expanded={showTable}
            aria-controls={tableId}
            onClick={() => setShowTable((shown) => !shown)}
          >
            {showTable ? 'Hide table' : 'Show as table'}
          </Button>
        )}
      </Box>
      {description ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
          {description}
        </Typography>
      ) : null}
      {empty ?? (
        <>
          <Box component="figure" aria-labelledby={titleId} sx={{ m: 0 }}>
            {chart}
          </Box>
          <Box id={tableId} hidden={!showTable} sx={{ mt: 2 }}>
            {showTable ? table : null}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** What a section says in place of its chart and table when it has nothing to draw. */
export function NoFigures({ children }: { children: string }) {
  return (
    <Typography color="textSecondary" sx={{ py: 3 }}>
      {children}
    </Typography>
  );
}
