import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { NotificationPreferences } from '@/api/schemas/notification';
import { dayWindow, weekdayNames, weekOrder } from './notification-words';

/** The weekly window in which notifications are delivered, in the user's own time zone (placeholders while loading). */
export function ScheduleTable({
  schedule,
}: {
  schedule: NotificationPreferences['mutePreferences']['schedule'] | undefined;
}) {
  return (
    <Table size="small" aria-label="Notification schedule" sx={{ tableLayout: 'fixed' }}>
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
              {schedule ? dayWindow(schedule[day]) : <Skeleton width="8em" />}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
