import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { Message } from '@/api/schemas/message';
import { DateTime } from '@/components/date-time';
import { paths } from '@/config/paths';

export interface MessageRow {
  key: string;
  message: Pick<Message, 'id' | 'type' | 'sentAt' | 'data'>;
  /** What the row adds: the decision, the reason, who flagged. */
  detail?: ReactNode;
}

const textOf = (message: MessageRow['message']) =>
  message.data.text ?? `(${message.type}${message.data.action ? `: ${message.data.action}` : ''})`;

/** Messages as rows, each to its message page; `detailLabel` names the extra column when there is one. */
export function MessageRows({
  label,
  rows,
  detailLabel,
}: {
  label: string;
  rows: readonly MessageRow[];
  detailLabel?: string;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Message</TableCell>
          <TableCell>Text</TableCell>
          <TableCell>Sent</TableCell>
          {detailLabel ? <TableCell>{detailLabel}</TableCell> : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <TableCell>
              <Link component={RouterLink} to={paths.message.href(row.message.id)}>
                #{row.message.id}
              </Link>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{textOf(row.message)}</TableCell>
            <TableCell>
              <DateTime seconds={row.message.sentAt} />
            </TableCell>
            {detailLabel ? <TableCell>{row.detail}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
