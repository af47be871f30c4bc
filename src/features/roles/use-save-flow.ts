import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '@/api/errors';
import { ApiError } from '@/api/api-error';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import type { ReportedPermissions } from '@/api/schemas/reported-permissions';
import type { PermissionMap } from '@/api/schemas/role';
import { useSetPermissions } from './mutations';
import {
  changesToBody,
  diffMaps,
  effectiveMap,
  sameValue,
  type Catalog,
  type Change,
} from './permission-model';
import {
  afterWrite,
  isKnown,
  knownFrom,
  sameReport,
  unknownKeys,
  type Edit,
  type Known,
} from './reported-model';
import {
  conflictRows,
  keyResults,
  mergeMaps,
  type ConflictRow,
  type KeyResult,
} from './save-model';

export type SaveStep =
  | { kind: 'idle' }
  | { kind: 'review' }
  | { kind: 'checking' }
  | { kind: 'conflict'; report: ReportedPermissions; server: PermissionMap; rows: ConflictRow[] }
  | { kind: 'saving' };

export interface SaveOutcome {
  results: KeyResult[];
  /** Keys the operator did not send that changed on the service while the save was in flight. */
  raced: Change[];
  /** Keys the operator did not send, unknown before, that the answer reports away from their default. */
  revealed: Change[];
}

interface Options {
  role: string;
  catalog: Catalog;
  /** What the editor knows of the role's map, and from which report. */
  known: Known;
  /** Where the form started: known values, defaults where unknown. What "changed" is measured against. */
  start: PermissionMap;
  getCurrent: () => PermissionMap;
  getEdits: () => Edit[];
  validate: () => Promise<boolean>;
  /** Sets what the editor knows and the editor's values. */
  rebase: (known: Known, values: PermissionMap) => void;
  /** Shows the service's per-key validation messages next to the keys; returns those it could not place. */
  showKeyErrors: (details: Record<string, string[]>) => string[];
}

/**
 * Review → re-read of the latest reported map → (conflict | PUT of the changed keys only) → per-key
 * results. The service has no read of a role's map, so the check just before the write compares the
 * latest report with the one the editor started from (docs/decisions/0006, 0009).
 */
export function useSaveFlow({
  role,
  catalog,
  known,
  start,
  getCurrent,
  getEdits,
  validate,
  rebase,
  showKeyErrors,
}: Options) {
  const client = useQueryClient();
  const setPermissions = useSetPermissions(role);
  const [step, setStep] = useState<SaveStep>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);

  const review = async () => {
    setError(null);
    if (!(await validate())) {
      setError('Some values are not valid: see the messages next to the keys.');
      return;
    }
    if (getEdits().length > 0) setStep({ kind: 'review' });
  };

  const write = async (edits: readonly Edit[]) => {
    const sent = changesToBody(edits);
    setStep({ kind: 'saving' });
    try {
      const result = await setPermissions.mutateAsync(sent);
      if (!result) {
        setOutcome({ results: keyResults(sent, undefined, undefined), raced: [], revealed: [] });
      } else {
        const latest = client.getQueryData(reportedPermissionQueries.detail(role).queryKey) ?? null;
        const next = afterWrite(result.permissions, latest, known, catalog, Date.now());
        const stored = next.values;
        const results = keyResults(sent, result, stored);
        const keep: PermissionMap = {};
        for (const r of results)
          if (!r.success && sent[r.key] !== undefined) keep[r.key] = sent[r.key] ?? null;
        rebase(next, { ...stored, ...keep });
        const notSent = diffMaps(start, stored).filter((c) => !(c.key in sent));
        setOutcome({
          results,
          raced: notSent.filter((c) => isKnown(known, c.key)),
          revealed: notSent.filter((c) => !isKnown(known, c.key)),
        });
      }
    } catch (e) {
      const unplaced = e instanceof ApiError && e.details ? showKeyErrors(e.details) : [];
      setError([describeError(e), ...unplaced].join(' '));
    }
    setStep({ kind: 'idle' });
  };

  const confirm = async () => {
    setStep({ kind: 'checking' });
    setOutcome(null);
    let latest: ReportedPermissions | null;
    try {
      latest = await client.fetchQuery({ ...reportedPermissionQueries.detail(role), staleTime: 0 });
    } catch (e) {
      setError(
        `Nothing was saved: the role’s reported values could not be re-read before saving. ${describeError(e)}`,
      );
      setStep({ kind: 'idle' });
      return;
    }
    const edits = getEdits();
    if (latest !== null && !sameReport(latest, known.marker)) {
      const server = effectiveMap(latest.permissions, catalog);
      const rows = conflictRows({
        loaded: start,
        server,
        current: getCurrent(),
        mine: new Set(edits.map((e) => e.key)),
        unknown: unknownKeys(known, catalog),
      });
      setStep({ kind: 'conflict', report: latest, server, rows });
      return;
    }
    await write(edits);
  };

  const reload = () => {
    if (step.kind !== 'conflict') return;
    rebase(knownFrom(step.report, catalog), step.server);
    setStep({ kind: 'idle' });
  };

  const merge = () => {
    if (step.kind !== 'conflict') return;
    const merged = mergeMaps(step.server, getCurrent(), new Set(getEdits().map((e) => e.key)));
    rebase(knownFrom(step.report, catalog), merged);
    const pending = Object.keys(merged).some((key) => !sameValue(step.server[key], merged[key]));
    setStep(pending ? { kind: 'review' } : { kind: 'idle' });
  };

  return {
    step,
    error,
    outcome,
    review,
    confirm,
    reload,
    merge,
    cancel: () => setStep({ kind: 'idle' }),
    dismissError: () => setError(null),
    dismissOutcome: () => setOutcome(null),
  };
}
