import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';
import type { Message } from '@/api/schemas/message';
import { DateTime } from '@/components/date-time';

/**
 * Facts about the message under review as a definition list: the queue's own rows (the rule, the
 * flags), then when it was sent and its id.
 */
export function MessageFacts({
  message,
  rows,
}: {
  message: Message;
  rows: readonly (readonly [string, ReactNode])[];
}) {
  const all: (readonly [string, ReactNode])[] = [
    ...rows,
    ['Sent', <DateTime key="sent" seconds={message.sentAt} />],
    ['Message id', message.id],
  ];
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
        fontSize: '0.875rem',
      }}
    >
      {all.map(([term, value]) => (
        <Fragment key={term}>
          <Box component="dt" sx={{ color: 'text.secondary' }}>
            {term}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
            {value}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
