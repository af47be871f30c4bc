import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { describeError } from '@/api/errors';
import { messageQueries } from '@/api/queries/messages';
import type { Message } from '@/api/schemas/message';
import { formatDateTime } from '@/utils/format';
import { userConversationId } from './conversation-id';

const excerpt = (message: Message) => {
  const text = message.data.text ?? `(${message.type})`;
  return text.length > 48 ? `${text.slice(0, 47)}…` : text;
};

/** "All messages", or one of the 20 latest messages of the conversation to mark up to. */
export function MessageChoice(props: {
  uid: string;
  otherUid: string;
  value: string;
  onChange: (id: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const messages = useQuery(messageQueries.latest(userConversationId(props.uid, props.otherUid)));
  const list = messages.data?.data ?? [];
  const helper = messages.isError
    ? `The latest messages could not be loaded: ${describeError(messages.error)}`
    : messages.isSuccess && list.length === 0
      ? 'This conversation has no messages yet.'
      : 'The service marks every message up to and including the one chosen.';
  return (
    <FormControl size="small" sx={{ minWidth: 280, flex: '1 1 280px' }} disabled={props.disabled}>
      <InputLabel id={id}>Up to message</InputLabel>
      <Select
        labelId={id}
        label="Up to message"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-describedby={`${id}-help`}
      >
        <MenuItem value="">All messages</MenuItem>
        {list.map((message) => (
          <MenuItem key={message.id} value={message.id}>
            #{message.id} · {message.sender} · {excerpt(message)} · {formatDateTime(message.sentAt)}
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id={`${id}-help`}>
        {messages.isPending ? 'Loading the latest messages…' : helper}
      </FormHelperText>
    </FormControl>
  );
}
