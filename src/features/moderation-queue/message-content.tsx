import AttachFileOutlined from '@mui/icons-material/AttachFileOutlined';
import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import type { Attachment, Message } from '@/api/schemas/message';

export function formatBytes(size: number | undefined): string | undefined {
  if (size === undefined || !Number.isFinite(size) || size < 0) return undefined;
  if (size < 1024) return `${size} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function kindOf(attachment: Attachment, messageType: string): string {
  const mime = attachment.mimeType?.split('/')[0];
  if (mime === 'image' || mime === 'video' || mime === 'audio') return mime;
  return ['image', 'video', 'audio'].includes(messageType) ? messageType : 'file';
}

const icons: Record<string, ReactElement> = {
  image: <ImageOutlined />,
  video: <MovieOutlined />,
  audio: <AudiotrackOutlined />,
  file: <AttachFileOutlined />,
};

/** Describes an attachment without ever loading it. */
export function attachmentLabel(attachment: Attachment, messageType: string): string {
  const name =
    attachment.name ?? (attachment.extension ? `unnamed .${attachment.extension}` : 'unnamed');
  return [kindOf(attachment, messageType), name, formatBytes(attachment.size)]
    .filter(Boolean)
    .join(' · ');
}

/** A one-line text version of a message, for accessible names and confirmations. */
export function messageSummary(message: Message, max = 80): string {
  const text = message.data.text?.trim();
  const attachments = message.data.attachments ?? [];
  const base = text
    ? text
    : attachments.length > 0
      ? attachments
          .map((a) => attachmentLabel(a, message.type).split(' · ').slice(0, 2).join(' '))
          .join(', ')
      : message.category === 'custom'
        ? `custom message (${message.type})`
        : message.data.action
          ? `action: ${message.data.action}`
          : `${message.type} message`;
  return base.length > max ? `${base.slice(0, max - 1)}…` : base;
}

/** The content of a message, rendered safely: text as text, attachments as chips, nothing fetched. */
export function MessageContent({ message, clamp }: { message: Message; clamp?: number }) {
  const { text, attachments = [], customData } = message.data;
  const clampSx = clamp
    ? {
        display: '-webkit-box',
        WebkitLineClamp: clamp,
        WebkitBoxOrient: 'vertical',
        overflow: 'hidden',
      }
    : {};
  return (
    <Box sx={{ minWidth: 0 }}>
      {message.deletedAt ? (
        <Typography variant="body2" color="textSecondary" sx={{ fontStyle: 'italic' }}>
          Deleted message
        </Typography>
      ) : null}
      {text ? (
        <Typography
          variant="body2"
          sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', ...clampSx }}
        >
          {text}
        </Typography>
      ) : null}
      {!text && attachments.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {message.category === 'custom'
            ? `Custom message “${message.type}”${customData === undefined ? '' : `: ${JSON.stringify(customData).slice(0, 200)}`}`
            : messageSummary(message)}
        </Typography>
      ) : null}
      {attachments.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: text ? 0.75 : 0 }}>
          {attachments.map((attachment, index) => (
            <Chip
              key={`${attachment.name ?? ''}-${index}`}
              size="small"
              variant="outlined"
              icon={icons[kindOf(attachment, message.type)]}
              label={attachmentLabel(attachment, message.type)}
            />
          ))}
        </Box>
      ) : null}
    </Box>
  );
}
