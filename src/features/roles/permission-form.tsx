import Alert from '@mui/material/Alert';
import { useState, type ReactNode } from 'react';
import type { ReportedPermissions } from '@/api/schemas/reported-permissions';
import type { Role } from '@/api/schemas/role';
import { PageHeader } from '@/components/page-header';
import { ConflictDialog } from './conflict-dialog';
import { DiffDialog } from './diff-dialog';
import { EditorActions } from './editor-actions';
import { EditorViews } from './editor-views';
import { LeaveGuard } from './leave-guard';
import type { Catalog } from './permission-model';
import { ReportNotice } from './report-notice';
import { isKnown, unknownKeys } from './reported-model';
import { ResetKeyFlow } from './reset-key-flow';
import { SaveResults } from './save-results';
import { usePermissionEdits } from './use-permission-edits';

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
  const {
    form,
    known,
    start,
    explicit,
    current,
    edits,
    flow,
    undo,
    markEdited,
    applyJson,
    afterReset,
    discard,
  } = usePermissionEdits(role.role, catalog, reported);
  const [jsonPending, setJsonPending] = useState(false);
  const [resetKey, setResetKey] = useState<string | null>(null);
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
            onDiscard={discard}
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
      <EditorViews
        controls={{
          catalog,
          current,
          baseline: start,
          known,
          explicit,
          control: form.control,
          roles,
          readOnly,
          readOnlyReason,
          onReset: setResetKey,
          onUndo: undo,
          onEdit: markEdited,
        }}
        unknownCount={unknownCount}
        onApplyJson={applyJson}
        onJsonPending={setJsonPending}
      />
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
          onDone={(map) => {
            afterReset(resetKey, map);
            setResetKey(null);
          }}
          onClose={() => setResetKey(null)}
        />
      ) : null}
      <LeaveGuard when={edits.length > 0 || jsonPending} count={edits.length} role={role.role} />
    </>
  );
}
