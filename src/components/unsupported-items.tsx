import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { UnsupportedItem } from '@/api/schemas/common';

function rawJson(raw: unknown): string {
  try {
    return JSON.stringify(raw, null, 2) ?? String(raw);
  } catch {
    return String(raw);
  }
}

/** One item of an answer the console could not read: its id and kind, the reason, and the raw JSON. */
export function UnsupportedItemRow({ item }: { item: UnsupportedItem }) {
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2">
        <strong>Unsupported item</strong>
        {item.id ? ` ${item.id}` : ` #${item.index + 1}`}
        {item.kind ? ` (${item.kind})` : ''}: {item.problem}
      </Typography>
      <Box component="details" sx={{ mt: 0.5 }}>
        <Box
          component="summary"
          sx={{ cursor: 'pointer', typography: 'body2', color: 'text.secondary' }}
        >
          Raw JSON
        </Box>
        <Box
          component="pre"
          sx={{
            m: 0,
            mt: 0.5,
            p: 1,
            maxHeight: 240,
            overflow: 'auto',
            bgcolor: 'action.hover',
            fontSize: 12,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {rawJson(item.raw)}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * The items of a list the console could not read, counted and shown as rows below the rest, so one
 * odd item never hides the page. Renders nothing when every item was read.
 */
export function UnsupportedItems({
  items,
  noun = 'item',
}: {
  items: readonly UnsupportedItem[];
  noun?: string;
}) {
  if (items.length === 0) return null;
  const count = items.length === 1 ? `1 ${noun}` : `${items.length} ${noun}s`;
  return (
    <Alert
      severity="info"
      sx={{ mt: 2, '& .MuiAlert-message': { width: '100%' } }}
      role="region"
      aria-label="Unsupported items"
    >
      <Typography variant="body2">
        <strong>{count} of this answer could not be shown.</strong> The chat service sent a shape
        this console does not know yet; the rest of the page is unaffected.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {items.map((item) => (
          <UnsupportedItemRow key={item.index} item={item} />
        ))}
      </Box>
    </Alert>
  );
}
