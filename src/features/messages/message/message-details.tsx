import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Attachment, Message } from '@/api/schemas/message';
import { DateTime } from '@/components/date-time';
import { ParticipantCard } from './participant-card';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="textSecondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

const sizeOf = (bytes: number | undefined) =>
  bytes === undefined
    ? ''
    : bytes < 1024
      ? ` · ${bytes} B`
      : ` · ${Math.round(bytes / 1024).toLocaleString()} KB`;

/** Attachments are named, never fetched: the console does not load user files. */
function AttachmentChip({ attachment }: { attachment: Attachment }) {
  const name = attachment.name ?? attachment.url.split('/').pop() ?? 'attachment';
  return (
    <Chip
      icon={<AttachFileOutlined />}
      variant="outlined"
      label={`${name}${attachment.mimeType ? ` · ${attachment.mimeType}` : ''}${sizeOf(attachment.size)}`}
      title={attachment.url}
    />
  );
}

/** Sender, receiver, content and the message's facts. */
export function MessageDetails({ message }: { message: Message }) {
  const { data } = message;
  const attachments = data.attachments ?? (data.url ? [{ url: data.url }] : []);
  const deleted = message.deletedAt !== undefined;
  return (
    <Stack spacing={2} useFlexGap>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        <ParticipantCard
          title="Sender"
          id={message.sender}
          isUser
          entity={data.entities?.sender?.entity}
        />
        <ParticipantCard
          title="Receiver"
          id={message.receiver}
          isUser={message.receiverType === 'user'}
          entity={data.entities?.receiver?.entity}
        />
      </Stack>
      <Paper variant="outlined" component="section" aria-label="Content" sx={{ p: 2 }}>
        {deleted ? (
          <Alert severity="warning" sx={{ mb: 2 }}>
            Deleted <DateTime seconds={message.deletedAt} />
            {message.deletedBy ? ` by ${message.deletedBy}` : ''}. Users no longer see this message.
          </Alert>
        ) : null}
        {data.text !== undefined ? (
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {data.text}
          </Typography>
        ) : data.action ? (
          <Typography color="textSecondary">Action message: {data.action}</Typography>
        ) : attachments.length === 0 ? (
          <Typography color="textSecondary">No text content.</Typography>
        ) : null}
        {attachments.length > 0 ? (
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ flexWrap: 'wrap', mt: data.text ? 2 : 0 }}
          >
            {attachments.map((attachment, index) => (
              <AttachmentChip key={`${attachment.url}-${index}`} attachment={attachment} />
            ))}
          </Stack>
        ) : null}
      </Paper>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content 1fr',
          columnGap: 3,
          rowGap: 1,
          m: 0,
        }}
      >
        <Fact label="Category · type">
          {message.category} · {message.type}
        </Fact>
        <Fact label="Conversation">{message.conversationId}</Fact>
        <Fact label="Sent">
          <DateTime seconds={message.sentAt} />
        </Fact>
        <Fact label="Edited">
          {message.editedAt !== undefined ? (
            <>
              <DateTime seconds={message.editedAt} />
              {message.editedBy ? ` by ${message.editedBy}` : ''}
            </>
          ) : (
            'Never'
          )}
        </Fact>
        <Fact label="Deleted">
          {deleted ? (
            <>
              <DateTime seconds={message.deletedAt} />
              {message.deletedBy ? ` by ${message.deletedBy}` : ''}
            </>
          ) : (
            'No'
          )}
        </Fact>
        <Fact label="Tags">
          {message.tags && message.tags.length > 0 ? (
            <Stack
              direction="row"
              spacing={0.5}
              useFlexGap
              sx={{ flexWrap: 'wrap' }}
              component="span"
            >
              {message.tags.map((tag) => (
                <Chip key={tag} size="small" label={tag} component="span" />
              ))}
            </Stack>
          ) : (
            'None'
          )}
        </Fact>
        {data.moderation ? <Fact label="Moderation">{data.moderation.status}</Fact> : null}
        {message.parentId ? <Fact label="Reply to">message {message.parentId}</Fact> : null}
      </Box>
    </Stack>
  );
}
