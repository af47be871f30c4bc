import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { describeError } from '@/api/errors';
import { ApiError } from '@/api/http';
import type { PermissionMap } from '@/api/schemas/role';
import { useSetPermissions } from './mutations';
import { changesToBody, diffMaps, effectiveMap, type Catalog, type Change } from './permission-model';
import { roleQueries } from './queries';
import { conflictRows, keyResults, mergeMaps, type ConflictRow, type KeyResult } from './save-model';

export type SaveStep =
  | { kind: 'idle' }
  | { kind: 'review' }
  | { kind: 'checking' }
  | { kind: 'conflict'; server: PermissionMap; rows: ConflictRow[] }
  | { kind: 'saving' };

export interface SaveOutcome {
  results: KeyResult[];
  /** Keys the operator did not send that changed on the service while the save was in flight. */
  raced: Change[];
}

interface Options {
  role: string;
  catalog: Catalog;
  /** The map as loaded (or last saved, reloaded or merged): what "changed" is measured against. */
  baseline: PermissionMap;
  getCurrent: () => PermissionMap;
  validate: () => Promise<boolean>;
  /** Sets a new baseline and the editor's values. */
  rebase: (baseline: PermissionMap, values: PermissionMap) => void;
  /** Shows the service's per-key validation messages next to the keys; returns those it could not place. */
  showKeyErrors: (details: Record<string, string[]>) => string[];
}

/**
 * Review → re-read → (conflict | PUT of the changed keys only) → per-key results. The re-read just before
 * the write is what stops a silent overwrite of someone else's change (docs/decisions/0006).
 */
export function useSaveFlow({ role, catalog, baseline, getCurrent, validate, rebase, showKeyErrors }: Options) {
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
    if (diffMaps(baseline, getCurrent()).length > 0) setStep({ kind: 'review' });
  };

  const write = async (server: PermissionMap, current: PermissionMap) => {
    const sent = changesToBody(diffMaps(baseline, current));
    setStep({ kind: 'saving' });
    try {
      const result = await setPermissions.mutateAsync(sent);
      const stored = effectiveMap(result.permissions, catalog);
      const results = keyResults(sent, result, stored);
      const keep: PermissionMap = {};
      for (const r of results) if (!r.success && sent[r.key] !== undefined) keep[r.key] = sent[r.key] ?? null;
      rebase(stored, { ...stored, ...keep });
      const raced = diffMaps(server, stored).filter((c) => !(c.key in sent));
      setOutcome({ results, raced });
    } catch (e) {
      const unplaced = e instanceof ApiError && e.details ? showKeyErrors(e.details) : [];
      setError([describeError(e), ...unplaced].join(' '));
    }
    setStep({ kind: 'idle' });
  };

  const confirm = async () => {
    setStep({ kind: 'checking' });
    setOutcome(null);
    let server: PermissionMap;
    try {
      const fresh = await client.fetchQuery({ ...roleQueries.detail(role), staleTime: 0 });
      server = effectiveMap(fresh.permissions, catalog);
    } catch (e) {
      setError(`Nothing was saved: the role could not be re-read before saving. ${describeError(e)}`);
      setStep({ kind: 'idle' });
      return;
    }
    const current = getCurrent();
    if (diffMaps(baseline, server).length > 0) {
      setStep({ kind: 'conflict', server, rows: conflictRows(baseline, server, current) });
      return;
    }
    await write(server, current);
  };

  const reload = () => {
    if (step.kind !== 'conflict') return;
    rebase(step.server, step.server);
    setStep({ kind: 'idle' });
  };

  const merge = () => {
    if (step.kind !== 'conflict') return;
    const merged = mergeMaps(baseline, step.server, getCurrent());
    rebase(step.server, merged);
    setStep(diffMaps(step.server, merged).length > 0 ? { kind: 'review' } : { kind: 'idle' });
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
