import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { NotificationPreferences } from '@/api/schemas/notification';
import { dayWindow, weekdayNames, weekOrder } from './notification-words';

/** The weekly window in which notifications are delivered, in the user's own time zone. */
export function ScheduleTable({
  schedule,
}: {
  schedule: NotificationPreferences['mutePreferences']['schedule'];
}) {
  return (
    <Table size="small" aria-label="Notification schedule">
      <TableHead>
        <TableRow>
          <TableCell>Day</TableCell>
          <TableCell>Notifications delivered</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {weekOrder.map((day) => (
          <TableRow key={day}>
            <TableCell component="th" scope="row">
              {weekdayNames[day]}
            </TableCell>
            <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {dayWindow(schedule[day])}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
