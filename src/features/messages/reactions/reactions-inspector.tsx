import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import SentimentSatisfiedOutlined from '@mui/icons-material/SentimentSatisfiedOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useCallback, useState } from 'react';
import { Hint } from '@/components/hint';
import type { ReactionRecord } from '@/api/schemas/reaction';
import type { Message } from '@/api/schemas/message';
import { EmptyState } from '@/components/states';
import { ExportDialog } from '../export/export-dialog';
import { interruptedExport, type StoredExport } from '../export/export-store';
import { reactionExport } from '../export/reaction-export';
import { OnBehalfDialog, type OnBehalfPreset } from './on-behalf-dialog';
import { ReactionChips } from './reaction-chips';
import { ReactionRecords } from './reaction-records';

interface Props {
  message: Message;
  /** The selected reaction (from the URL), or undefined for all. */
  selected: string | undefined;
  onSelect: (reaction: string | undefined) => void;
  /** Undefined when the operator may react on behalf of users; otherwise why not. */
  reactDenied: string | undefined;
}

/** The export of one message's reactions (all, or of one reaction): the shared resumable export. */
function ReactionExportDialog(props: {
  messageId: string;
  reaction: string | undefined;
  countOf: (reaction: string | undefined) => number;
  interrupted: StoredExport | undefined;
  onClose: () => void;
}) {
  const { messageId, reaction } = props;
  return (
    <ExportDialog
      source={reactionExport(messageId, reaction)}
      subject={{ kind: 'reactions', messageId, reaction }}
      expected={props.countOf(reaction)}
      interrupted={props.interrupted}
      onClose={props.onClose}
    />
  );
}

/** Who reacted to a message, with what and when; moderators also fix reactions on a user's behalf. */
export function ReactionsInspector({ message, selected, onSelect, reactDenied }: Props) {
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<
    | { kind: 'export'; interrupted?: StoredExport }
    | { kind: 'react'; preset?: OnBehalfPreset }
    | null
  >(() => {
    // An export of this message that a reload interrupted: its dialog offers to resume.
    const interrupted = interruptedExport(
      (subject) => subject.kind === 'reactions' && subject.messageId === message.id,
    );
    return interrupted ? { kind: 'export', interrupted } : null;
  });
  const summary = message.data.reactions ?? [];
  const countOf = (reaction: string | undefined) =>
    reaction === undefined
      ? summary.reduce((sum, r) => sum + r.count, 0)
      : (summary.find((r) => r.reaction === reaction)?.count ?? 0);
  const total = countOf(selected);
  const close = () => setDialog(null);
  const removeAsUser = useCallback(
    (record: ReactionRecord) =>
      setDialog({
        kind: 'react',
        preset: { user: record.reactedBy, reaction: record.reaction, action: 'remove' },
      }),
    [],
  );

  return (
    <Stack spacing={2} useFlexGap>
      <ReactionChips summary={summary} selected={selected} onSelect={onSelect} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label="Search loaded reactions"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          sx={{ flex: '1 1 240px' }}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadOutlined />}
          disabled={total === 0}
          onClick={() => setDialog({ kind: 'export' })}
        >
          Export CSV
        </Button>
        <Hint title={reactDenied}>
          <span>
            <Button
              variant="contained"
              startIcon={<AddReactionOutlined />}
              disabled={reactDenied !== undefined}
              onClick={() =>
                setDialog({
                  kind: 'react',
                  preset: selected === undefined ? undefined : { reaction: selected },
                })
              }
            >
              React on behalf…
            </Button>
          </span>
        </Hint>
      </Stack>
      {summary.length === 0 ? (
        <EmptyState title="No reactions" icon={<SentimentSatisfiedOutlined />}>
          Nobody has reacted to this message yet.
        </EmptyState>
      ) : (
        <ReactionRecords
          // A new selection starts at the top of its own list.
          key={selected ?? ''}
          messageId={message.id}
          reaction={selected}
          total={total}
          search={search}
          onRemove={reactDenied === undefined ? removeAsUser : undefined}
        />
      )}
      {dialog?.kind === 'export' ? (
        <ReactionExportDialog
          messageId={message.id}
          reaction={
            dialog.interrupted?.subject.kind === 'reactions'
              ? dialog.interrupted.subject.reaction
              : selected
          }
          countOf={countOf}
          interrupted={dialog.interrupted}
          onClose={close}
        />
      ) : null}
      {dialog?.kind === 'react' ? (
        <OnBehalfDialog messageId={message.id} preset={dialog.preset} onClose={close} />
      ) : null}
    </Stack>
  );
}
