import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import type { ReportedPermissions } from '@/api/schemas/reported-permissions';
import type { PermissionMap, Role } from '@/api/schemas/role';
import { PageHeader } from '@/components/page-header';
import { ConflictDialog } from './conflict-dialog';
import { DiffDialog } from './diff-dialog';
import { EditorActions } from './editor-actions';
import { fieldPath, fromFormValues, toFormValues, type PermissionFormValues } from './form-values';
import { JsonView } from './json-view';
import { keyOfDetail } from './key-errors';
import { LeaveGuard } from './leave-guard';
import { PermissionSections } from './permission-sections';
import { buildFormSchema } from './permission-schema';
import { sameValue, type Catalog } from './permission-model';
import { ReportNotice } from './report-notice';
import {
  afterWrite,
  editsOf,
  isKnown,
  knownFrom,
  startingValues,
  unknownKeys,
  type Known,
} from './reported-model';
import { ResetKeyFlow } from './reset-key-flow';
import { SaveResults } from './save-results';
import { useSaveFlow } from './use-save-flow';

export interface PermissionFormProps {
  role: Role;
  catalog: Catalog;
  /** The role's latest reported map when the editor opened (null: never reported). */
  reported: ReportedPermissions | null;
  /** Every role, for the role-list keys. */
  roles: readonly Role[];
  readOnly: boolean;
  readOnlyReason: string;
  /** The page's subtitle (link back to the list, role id, description). */
  subtitle: ReactNode;
}

const without = (set: ReadonlySet<string>, key: string) =>
  new Set([...set].filter((k) => k !== key));

/** The permission map of one role: typed controls, review before save, no silent overwrite. */
export function PermissionForm({
  role,
  catalog,
  reported,
  roles,
  readOnly,
  readOnlyReason,
  subtitle,
}: PermissionFormProps) {
  const tabsId = useId();
  const client = useQueryClient();
  const schema = useMemo(() => buildFormSchema(catalog), [catalog]);
  const [known, setKnown] = useState(() => knownFrom(reported, catalog));
  /** Unknown keys the operator set: sent even when they hold the default. */
  const [explicit, setExplicit] = useState<ReadonlySet<string>>(() => new Set());
  const start = useMemo(() => startingValues(known, catalog), [known, catalog]);
  const form = useForm<PermissionFormValues>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(start),
    mode: 'onChange',
  });
  const watched = useWatch({ control: form.control, name: 'map' });
  const current = fromFormValues({ map: watched });
  const edits = editsOf(known, start, current, explicit);
  const [tab, setTab] = useState<'controls' | 'json'>('controls');
  const [jsonPending, setJsonPending] = useState(false);
  const [resetKey, setResetKey] = useState<string | null>(null);

  const getCurrent = () => fromFormValues(form.getValues());
  const getEdits = () => editsOf(known, start, getCurrent(), explicit);
  const setKey = useCallback(
    (key: string, value: PermissionMap[string]) =>
      form.setValue(fieldPath(key), value, { shouldValidate: true, shouldDirty: true }),
    [form],
  );
  const markEdited = useCallback(
    (key: string) => setExplicit((set) => (set.has(key) ? set : new Set(set).add(key))),
    [],
  );
  const rebase = (next: Known, values: PermissionMap) => {
    setKnown(next);
    setExplicit(new Set());
    form.reset(toFormValues(values));
  };

  const flow = useSaveFlow({
    role: role.role,
    catalog,
    known,
    start,
    getCurrent,
    getEdits,
    validate: () => form.trigger(),
    rebase,
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
      if (Object.prototype.hasOwnProperty.call(start, key)) setKey(key, start[key] ?? null);
      else form.unregister(fieldPath(key));
      setExplicit((set) => without(set, key));
    },
    [start, form, setKey],
  );
  const applyJson = (map: PermissionMap) => {
    const now = getCurrent();
    for (const [key, value] of Object.entries(map)) {
      if (!Object.prototype.hasOwnProperty.call(now, key) || !sameValue(now[key], value)) {
        setKey(key, value);
        markEdited(key);
      }
    }
  };
  /** After a reset: the answer's map is what the service reports now; the operator's other edits stay. */
  const afterReset = (key: string, map: PermissionMap | undefined) => {
    const pending = getEdits().filter((e) => e.key !== key);
    if (map) {
      const latest =
        client.getQueryData(reportedPermissionQueries.detail(role.role).queryKey) ?? null;
      const next = afterWrite(map, latest, known, catalog, Date.now());
      const values = { ...next.values };
      for (const edit of pending) if (edit.after !== undefined) values[edit.key] = edit.after;
      rebase(next, values);
    } else {
      // The answer could not be read, but the reset was accepted: the catalog default applies to the key now.
      const fallback = catalog.find((item) => item.id === key)?.defaultValue ?? null;
      if (isKnown(known, key))
        setKnown((k) => ({ ...k, values: { ...k.values, [key]: fallback } }));
      setKey(key, fallback);
      setExplicit((set) => without(set, key));
    }
    setResetKey(null);
  };
  const onJsonPending = useCallback((pending: boolean) => setJsonPending(pending), []);
  const busy = flow.step.kind === 'checking' || flow.step.kind === 'saving';
  const unknownCount = unknownKeys(known, catalog).size;

  return (
    <>
      <PageHeader
        title={`Role “${role.name || role.role}”`}
        subtitle={subtitle}
        actions={
          <EditorActions
            count={edits.length}
            readOnly={readOnly}
            readOnlyReason={readOnlyReason}
            blockedReason={jsonPending ? 'Apply or discard the JSON edits first.' : null}
            busy={busy}
            onReview={() => void flow.review()}
            onDiscard={() => {
              form.reset(toFormValues(start));
              setExplicit(new Set());
            }}
          />
        }
      />
      {readOnly ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          Read only: {readOnlyReason} You can read this role’s permissions, but not change them.
        </Alert>
      ) : null}
      <ReportNotice known={known} unknownCount={unknownCount} />
      {flow.error ? (
        <Alert severity="error" onClose={flow.dismissError} sx={{ mb: 2 }}>
          {flow.error}
        </Alert>
      ) : null}
      {flow.outcome ? <SaveResults outcome={flow.outcome} onDismiss={flow.dismissOutcome} /> : null}
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: 'controls' | 'json') => setTab(value)}
          aria-label="Editor views"
        >
          <Tab
            value="controls"
            label="Controls"
            id={`${tabsId}-controls`}
            aria-controls={`${tabsId}-controls-panel`}
          />
          <Tab
            value="json"
            label="JSON"
            id={`${tabsId}-json`}
            aria-controls={`${tabsId}-json-panel`}
          />
        </Tabs>
      </Box>
      <div role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}`}>
        {tab === 'controls' ? (
          <PermissionSections
            catalog={catalog}
            current={current}
            baseline={start}
            known={known}
            explicit={explicit}
            control={form.control}
            roles={roles}
            readOnly={readOnly}
            readOnlyReason={readOnlyReason}
            onReset={setResetKey}
            onUndo={undo}
            onEdit={markEdited}
          />
        ) : (
          <>
            {unknownCount > 0 ? (
              <Alert severity="info" sx={{ mb: 2 }}>
                {unknownCount} keys are unknown (not reported by the service): the JSON shows their
                catalog defaults.
              </Alert>
            ) : null}
            <JsonView
              map={current}
              catalog={catalog}
              readOnly={readOnly}
              onApply={applyJson}
              onPendingChange={onJsonPending}
            />
          </>
        )}
      </div>
      {flow.step.kind === 'review' || busy ? (
        <DiffDialog
          role={role.role}
          changes={edits}
          catalog={catalog}
          step={
            flow.step.kind === 'review'
              ? 'review'
              : flow.step.kind === 'checking'
                ? 'checking'
                : 'saving'
          }
          onConfirm={() => void flow.confirm()}
          onClose={flow.cancel}
        />
      ) : null}
      {flow.step.kind === 'conflict' ? (
        <ConflictDialog
          role={role.role}
          rows={flow.step.rows}
          onReload={flow.reload}
          onMerge={flow.merge}
          onClose={flow.cancel}
        />
      ) : null}
      {resetKey !== null ? (
        <ResetKeyFlow
          role={role.role}
          permission={resetKey}
          item={catalog.find((item) => item.id === resetKey)}
          saved={start[resetKey]}
          savedKnown={isKnown(known, resetKey)}
          current={current[resetKey]}
          edited={edits.some((e) => e.key === resetKey)}
          onDone={(map) => afterReset(resetKey, map)}
          onClose={() => setResetKey(null)}
        />
      ) : null}
      <LeaveGuard when={edits.length > 0 || jsonPending} count={edits.length} role={role.role} />
    </>
  );
}
