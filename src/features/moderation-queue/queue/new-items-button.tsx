import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

interface Props {
  /** Pending items the latest answer lists that are not shown yet. */
  count: number;
  more: boolean;
  /** Shown items decided elsewhere; they leave with the same click. */
  gone: number;
  onShow: () => void;
}

/**
 * New arrivals wait behind this button instead of pushing the list down under the moderator, and
 * items decided elsewhere leave only when it is pressed; the region is polite, so a screen reader
 * hears that something changed.
 */
export function NewItemsButton({ count, more, gone, onShow }: Props) {
  const label =
    count > 0
      ? `${count}${more ? '+' : ''} new — show`
      : gone > 0
        ? `Clear ${gone} decided elsewhere`
        : '';
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        justifyContent: 'center',
        minHeight: label ? 40 : 0,
        mb: label ? 1 : 0,
      }}
    >
      {label ? (
        <Button
          variant="contained"
          size="small"
          startIcon={count > 0 ? <ArrowUpwardOutlined /> : undefined}
          onClick={onShow}
          sx={{ borderRadius: 4 }}
        >
          {label}
        </Button>
      ) : null}
    </Box>
  );
}
