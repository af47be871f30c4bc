import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * New arrivals wait behind this button instead of pushing the list down under the moderator; the
 * region is polite, so a screen reader hears that new items came in.
 */
export function NewItemsButton({ count, more, onShow }: { count: number; more: boolean; onShow: () => void }) {
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', minHeight: count > 0 ? 40 : 0, mb: count > 0 ? 1 : 0 }}>
      {count > 0 ? (
        <Button variant="contained" size="small" startIcon={<ArrowUpwardOutlined />} onClick={onShow} sx={{ borderRadius: 4 }}>
          {count}
          {more ? '+' : ''} new — show
        </Button>
      ) : null}
    </Box>
  );
}
