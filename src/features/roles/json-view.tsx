import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useState } from 'react';
import type { PermissionMap } from '@/api/schemas/role';
import { mapToJson, parseJsonMap, type KeyProblem } from './json-map';
import type { Catalog } from './permission-model';

interface Props {
  /** The editor's current values (unsaved edits included). */
  map: PermissionMap;
  catalog: Catalog;
  readOnly: boolean;
  onApply: (map: PermissionMap) => void;
  /** True while the text holds edits that are not applied to the editor. */
  onPendingChange: (pending: boolean) => void;
}

/** The whole map as JSON: edit, check, and apply to the editor (saving still goes through the review). */
export function JsonView({ map, catalog, readOnly, onApply, onPendingChange }: Props) {
  const errorsId = useId();
  const fieldId = useId();
  const applied = mapToJson(map);
  const [text, setText] = useState(applied);
  const [synced, setSynced] = useState(applied);
  // The editor's values moved (a save, a reload): follow them unless the text holds edits of its own.
  if (synced !== applied) {
    setSynced(applied);
    if (text === synced) setText(applied);
  }
  const [parseError, setParseError] = useState<string | null>(null);
  const [keyProblems, setKeyProblems] = useState<KeyProblem[]>([]);
  const pending = text !== applied;

  useEffect(() => {
    onPendingChange(pending);
  }, [pending, onPendingChange]);
  useEffect(() => () => onPendingChange(false), [onPendingChange]);

  const apply = () => {
    const result = parseJsonMap(text, catalog, Object.keys(map));
    if (!result.ok) {
      setParseError(result.parseError);
      setKeyProblems(result.keyProblems);
      return;
    }
    setParseError(null);
    setKeyProblems([]);
    onApply(result.map);
    setText(mapToJson({ ...map, ...result.map }));
  };

  const discard = () => {
    setText(applied);
    setParseError(null);
    setKeyProblems([]);
  };

  const invalid = parseError !== null || keyProblems.length > 0;
  return (
    <Stack spacing={2}>
      {invalid ? (
        <Alert severity="error" id={errorsId}>
          {parseError ?? 'These keys are not valid; nothing was applied:'}
          {keyProblems.length > 0 ? (
            <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {keyProblems.map((p) => (
                <li key={p.key}>
                  <code>{p.key}</code>: {p.message}
                </li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      <TextField
        id={fieldId}
        label="Permission map (JSON)"
        multiline
        minRows={16}
        maxRows={40}
        value={text}
        onChange={(event) => setText(event.target.value)}
        error={invalid}
        helperText={
          readOnly
            ? 'Read only.'
            : 'An object of key → string, list of strings or null. Apply copies it into the editor; nothing is saved until you review and save.'
        }
        slotProps={{
          htmlInput: {
            spellCheck: false,
            readOnly,
            'aria-describedby': invalid
              ? `${fieldId}-helper-text ${errorsId}`
              : `${fieldId}-helper-text`,
          },
          input: { sx: { fontFamily: 'monospace', fontSize: 13 } },
        }}
      />
      {readOnly ? null : (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={apply} disabled={!pending}>
            Apply JSON to the editor
          </Button>
          <Button onClick={discard} disabled={!pending && !invalid}>
            Discard JSON edits
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
