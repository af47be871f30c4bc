import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Hint } from '@/components/hint';
import { notificationQueries } from '@/api/queries/notifications';
import type { NotificationPreferences, Weekday } from '@/api/schemas/notification';
import { ErrorState } from '@/components/states';
import { deniedReason } from '@/config/capabilities';
import { settingChanges, type SettingChange } from './setting-changes';
import { EditPreferenceDialog } from './edit-preference-dialog';
import { EditScheduleDialog } from './edit-schedule-dialog';
import { preferenceRows, type EditableSetting } from './notification-words';
import { ResetPreferencesDialog } from './reset-preferences-dialog';
import { ScheduleTable } from './schedule-table';

interface Editing {
  name: string;
  setting: EditableSetting;
}

function ResetResult({ changes }: { changes: SettingChange[] }) {
  return (
    <Alert severity="success" sx={{ mb: 2 }} role="status">
      Preferences reset.{' '}
      {changes.length === 0
        ? 'No setting changed: they already matched the defaults.'
        : `${changes.length} ${changes.length === 1 ? 'setting' : 'settings'} changed: ${changes.map((c) => `${c.label} ${c.before} → ${c.after}`).join('; ')}.`}
    </Alert>
  );
}

/** The preferences; while they load, the same tables with their labels, so nothing moves when they come. */
function Settings({
  preferences,
  mayEdit,
  onEdit,
  onEditDay,
}: {
  preferences: NotificationPreferences | undefined;
  mayEdit: boolean;
  onEdit: (edit: Editing) => void;
  onEditDay: (day: Weekday) => void;
}) {
  return (
    <Box
      aria-busy={preferences ? undefined : true}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
    >
      {preferenceRows(preferences).map((section) => (
        <Box key={section.title}>
          <Typography variant="h3" sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          {/* Fixed columns: the values' widths, unknown while they load, do not move the table. */}
          <Table size="small" aria-label={section.title} sx={{ tableLayout: 'fixed' }}>
            <TableBody>
              {section.rows.map((row) => (
                <TableRow key={row.label}>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  <TableCell>{preferences ? row.value : <Skeleton width="10em" />}</TableCell>
                  <TableCell align="right" sx={{ width: '5.5em' }}>
                    <Hint title={mayEdit ? '' : deniedReason('editNotificationPreferences')}>
                      <span>
                        <Button
                          size="small"
                          disabled={!mayEdit || !preferences}
                          aria-label={`Change ${section.title}: ${row.label}`}
                          onClick={() =>
                            onEdit({ name: `${section.title}: ${row.label}`, setting: row.edit })
                          }
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
        </Box>
      ))}
      <Box>
        <Typography variant="h3" sx={{ mb: 1 }}>
          Weekly schedule
        </Typography>
        <ScheduleTable
          schedule={preferences?.mutePreferences.schedule}
          mayEdit={mayEdit}
          onEdit={(day) => onEditDay(day)}
        />
      </Box>
    </Box>
  );
}

/** The user's push notification preferences in words, each editable and with a reset to the defaults (support and admin). */
export function NotificationPreferencesCard({ uid, mayReset }: { uid: string; mayReset: boolean }) {
  const preferences = useQuery(notificationQueries.detail(uid));
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<SettingChange[] | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editingDay, setEditingDay] = useState<Weekday | null>(null);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="notification-preferences"
      sx={{ p: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Typography variant="h2" id="notification-preferences" sx={{ flex: '1 1 auto' }}>
          Notification preferences
        </Typography>
        {preferences.isPending ? (
          <Typography role="status" variant="body2" color="textSecondary">
            Loading the preferences…
          </Typography>
        ) : null}
        <Hint title={mayReset ? '' : deniedReason('editNotificationPreferences')}>
          <span>
            <Button
              variant="outlined"
              disabled={!mayReset || !preferences.isSuccess}
              onClick={() => setConfirming(true)}
            >
              Reset to defaults
            </Button>
          </span>
        </Hint>
      </Box>
      {result ? <ResetResult changes={result} /> : null}
      {preferences.isError ? (
        <ErrorState error={preferences.error} onRetry={() => void preferences.refetch()} />
      ) : (
        <Settings
          preferences={preferences.data}
          mayEdit={mayReset}
          onEdit={(edit) => {
            setResult(null);
            setEditing(edit);
          }}
          onEditDay={(day) => {
            setResult(null);
            setEditingDay(day);
          }}
        />
      )}
      {confirming && preferences.isSuccess ? (
        <ResetPreferencesDialog
          uid={uid}
          current={preferences.data}
          onClose={() => setConfirming(false)}
          onReset={(before, after) => setResult(settingChanges(before, after))}
        />
      ) : null}
      {editing ? (
        <EditPreferenceDialog
          uid={uid}
          name={editing.name}
          setting={editing.setting}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {editingDay && preferences.isSuccess ? (
        <EditScheduleDialog
          uid={uid}
          day={editingDay}
          current={preferences.data.mutePreferences.schedule[editingDay]}
          onClose={() => setEditingDay(null)}
        />
      ) : null}
    </Paper>
  );
}
