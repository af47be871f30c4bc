import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Hint } from '@/components/hint';
import type { NotificationPreferences, Weekday } from '@/api/schemas/notification';
import { deniedReason } from '@/config/capabilities';
import { dayWindow, weekdayNames, weekOrder } from './notification-words';

/**
 * The weekly window in which notifications are delivered, in the user's own time zone (placeholders
 * while loading), each day with its Change button.
 */
export function ScheduleTable({
  schedule,
  mayEdit,
  onEdit,
}: {
  schedule: NotificationPreferences['mutePreferences']['schedule'] | undefined;
  mayEdit: boolean;
  onEdit: (day: Weekday) => void;
}) {
  return (
    <Table size="small" aria-label="Notification schedule" sx={{ tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell>Day</TableCell>
          <TableCell>Notifications delivered</TableCell>
          <TableCell align="right" sx={{ width: '5.5em' }}>
            Actions
          </TableCell>
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
            <TableCell align="right">
              <Hint title={mayEdit ? '' : deniedReason('editNotificationPreferences')}>
                <span>
                  <Button
                    size="small"
                    disabled={!mayEdit || !schedule}
                    aria-label={`Change Weekly schedule: ${weekdayNames[day]}`}
                    onClick={() => onEdit(day)}
                  >
                    Change
                  </Button>
                </span>
              </Hint>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
