import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { reportedPermissionQueries } from '@/api/queries/reported-permissions';
import type { ReportedPermissions } from '@/api/schemas/reported-permissions';
import type { PermissionMap } from '@/api/schemas/role';
import { fieldPath, fromFormValues, toFormValues, type PermissionFormValues } from './form-values';
import { keyOfDetail } from './key-errors';
import { buildFormSchema } from './permission-schema';
import { sameValue, type Catalog } from './permission-model';
import {
  afterWrite,
  editsOf,
  isKnown,
  knownFrom,
  startingValues,
  type Known,
} from './reported-model';
import { useSaveFlow } from './use-save-flow';

const without = (set: ReadonlySet<string>, key: string) =>
  new Set([...set].filter((k) => k !== key));
const has = (map: PermissionMap, key: string) => Object.prototype.hasOwnProperty.call(map, key);

/**
 * The edits of one role's permission map: what the editor knows of the role (`known`), where the form
 * started (`start`), the form itself and its edits, the save flow, and the ways a key changes besides
 * typing (undo, JSON, a reset on the service).
 */
export function usePermissionEdits(
  role: string,
  catalog: Catalog,
  reported: ReportedPermissions | null,
) {
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
    role,
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
      if (has(start, key)) setKey(key, start[key] ?? null);
      else form.unregister(fieldPath(key));
      setExplicit((set) => without(set, key));
    },
    [start, form, setKey],
  );
  const applyJson = (map: PermissionMap) => {
    const now = getCurrent();
    for (const [key, value] of Object.entries(map)) {
      if (!has(now, key) || !sameValue(now[key], value)) {
        setKey(key, value);
        markEdited(key);
      }
    }
  };
  /** After a reset: the answer's map is what the service reports now; the operator's other edits stay. */
  const afterReset = (key: string, map: PermissionMap | undefined) => {
    const pending = getEdits().filter((e) => e.key !== key);
    if (map) {
      const latest = client.getQueryData(reportedPermissionQueries.detail(role).queryKey) ?? null;
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
  };
  const discard = () => {
    form.reset(toFormValues(start));
    setExplicit(new Set());
  };

  return {
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
  };
}
