import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useCallback, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { PermissionMap, Role } from '@/api/schemas/role';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { ConflictDialog } from './conflict-dialog';
import { DiffDialog } from './diff-dialog';
import { EditorActions } from './editor-actions';
import { fieldPath, fromFormValues, toFormValues, type PermissionFormValues } from './form-values';
import { JsonView } from './json-view';
import { keyOfDetail } from './key-errors';
import { LeaveGuard } from './leave-guard';
import { PermissionSections } from './permission-sections';
import { buildFormSchema } from './permission-schema';
import { diffMaps, effectiveMap, sameValue, type Catalog } from './permission-model';
import { ResetKeyFlow } from './reset-key-flow';
import { SaveResults } from './save-results';
import { useSaveFlow } from './use-save-flow';

interface Props {
  role: Role;
  catalog: Catalog;
  /** Every role, for the role-list keys. */
  roles: readonly Role[];
  readOnly: boolean;
  readOnlyReason: string;
}

/** The permission map of one role: typed controls, review before save, no silent overwrite. */
export function PermissionEditor({ role, catalog, roles, readOnly, readOnlyReason }: Props) {
  const tabsId = useId();
  const schema = useMemo(() => buildFormSchema(catalog), [catalog]);
  const [baseline, setBaseline] = useState(() => effectiveMap(role.permissions, catalog));
  const form = useForm<PermissionFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(baseline),
    mode: 'onChange',
  });
  const watched = useWatch({ control: form.control, name: 'map' });
  const current = fromFormValues({ map: watched });
  const changes = diffMaps(baseline, current);
  const [tab, setTab] = useState<'controls' | 'json'>('controls');
  const [jsonPending, setJsonPending] = useState(false);
  const [resetKey, setResetKey] = useState<string | null>(null);

  const getCurrent = () => fromFormValues(form.getValues());
  const setKey = useCallback(
    (key: string, value: PermissionMap[string]) => form.setValue(fieldPath(key), value, { shouldValidate: true, shouldDirty: true }),
    [form],
  );

  const flow = useSaveFlow({
    role: role.role,
    catalog,
    baseline,
    getCurrent,
    validate: () => form.trigger(),
    rebase: (next, values) => {
      setBaseline(next);
      form.reset(toFormValues(values));
    },
    showKeyErrors: (details) => {
      const keys = Object.keys(getCurrent());
      const unplaced: string[] = [];
      for (const [detail, messages] of Object.entries(details)) {
        const key = keyOfDetail(detail, keys);
        if (key) form.setError(fieldPath(key), { type: 'server', message: messages.join(' ') });
        else unplaced.push(`${detail}: ${messages.join(' ')}`);
      }
      return unplaced;
    },
  });

  const undo = useCallback(
    (key: string) => {
      if (Object.prototype.hasOwnProperty.call(baseline, key)) setKey(key, baseline[key] ?? null);
      else form.unregister(fieldPath(key));
    },
    [baseline, form, setKey],
  );
  const applyJson = (map: PermissionMap) => {
    const now = getCurrent();
    for (const [key, value] of Object.entries(map)) {
      if (!Object.prototype.hasOwnProperty.call(now, key) || !sameValue(now[key], value)) setKey(key, value);
    }
  };
  const onJsonPending = useCallback((pending: boolean) => setJsonPending(pending), []);
  const busy = flow.step.kind === 'checking' || flow.step.kind === 'saving';

  return (
    <>
      <PageHeader
        title={`Role “${role.name || role.role}”`}
        subtitle={
          <>
            <Link component={RouterLink} to={paths.roles.href()}>
              All roles
            </Link>
            {` · ${role.role}${role.description?.trim() ? ` · ${role.description.trim()}` : ''}`}
          </>
        }
        actions={
          <EditorActions
            count={changes.length}
            readOnly={readOnly}
            readOnlyReason={readOnlyReason}
            blockedReason={jsonPending ? 'Apply or discard the JSON edits first.' : null}
            busy={busy}
            onReview={() => void flow.review()}
            onDiscard={() => form.reset(toFormValues(baseline))}
          />
        }
      />
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Read only: {readOnlyReason} You can read this role’s permissions, but not change them.
        </Alert>
      ) : null}
      {flow.error ? (
        <Alert severity="error" onClose={flow.dismissError} sx={{ mb: 2 }}>
          {flow.error}
        </Alert>
      ) : null}
      {flow.outcome ? <SaveResults outcome={flow.outcome} onDismiss={flow.dismissOutcome} /> : null}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs value={tab} onChange={(_event, value: 'controls' | 'json') => setTab(value)} aria-label="Editor views">
          <Tab value="controls" label="Controls" id={`${tabsId}-controls`} aria-controls={`${tabsId}-controls-panel`} />
          <Tab value="json" label="JSON" id={`${tabsId}-json`} aria-controls={`${tabsId}-json-panel`} />
        </Tabs>
      </Box>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'controls' ? (
          <PermissionSections
            catalog={catalog}
            current={current}
            baseline={baseline}
            control={form.control}
            roles={roles}
            readOnly={readOnly}
            readOnlyReason={readOnlyReason}
            onReset={setResetKey}
            onUndo={undo}
          />
        ) : (
          <JsonView map={current} catalog={catalog} readOnly={readOnly} onApply={applyJson} onPendingChange={onJsonPending} />
        )}
      </div>
      {flow.step.kind === 'review' || busy ? (
        <DiffDialog
          role={role.role}
          changes={changes}
          catalog={catalog}
          step={flow.step.kind === 'review' ? 'review' : flow.step.kind === 'checking' ? 'checking' : 'saving'}
          onConfirm={() => void flow.confirm()}
          onClose={flow.cancel}
        />
      ) : null}
      {flow.step.kind === 'conflict' ? (
        <ConflictDialog role={role.role} rows={flow.step.rows} onReload={flow.reload} onMerge={flow.merge} onClose={flow.cancel} />
      ) : null}
      {resetKey !== null ? (
        <ResetKeyFlow
          role={role.role}
          permission={resetKey}
          item={catalog.find((item) => item.id === resetKey)}
          saved={baseline[resetKey]}
          current={current[resetKey]}
          onDone={(value) => {
            if (value === undefined) {
              setBaseline(({ [resetKey]: _removed, ...rest }) => rest);
              form.unregister(fieldPath(resetKey));
            } else {
              setBaseline((b) => ({ ...b, [resetKey]: value }));
              setKey(resetKey, value);
            }
            setResetKey(null);
          }}
          onClose={() => setResetKey(null)}
        />
      ) : null}
      <LeaveGuard when={changes.length > 0 || jsonPending} count={changes.length} role={role.role} />
    </>
  );
}
