import type { ListMessagesQuery } from '../../../src/api/schemas/message-query';

const text = "coalesce(json_extract(data, '$.text'), '')";
/** A LIKE pattern matching `value` literally (`%`, `_` and `\` escaped with `\`). */
const literal = (value: string) => `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
const mention = (uid: string) => literal(`<@uid:${uid}>`);

/**
 * The content filters of `GET /messages` as one SQL condition with its parameters: text (case-
 * insensitive, in `data.text`), attachments (`data.attachments` or a media `data.url`; of given
 * media types), links (`http://` or `https://` in the text), mentions (the service's `<@uid:…>`
 * markup; of given uids), reactions. `false` filters nothing, as the service's `has*` flags do.
 */
export function contentFilters(q: ListMessagesQuery): [string | undefined, ...unknown[]] {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (q.searchKey !== undefined) {
    conditions.push(`lower(${text}) LIKE lower(?) ESCAPE '\\'`);
    params.push(literal(q.searchKey));
  }
  if (q.hasAttachments === true || q.attachmentTypes) {
    conditions.push(
      "(json_array_length(coalesce(json_extract(data, '$.attachments'), '[]')) > 0 OR json_extract(data, '$.url') IS NOT NULL)",
    );
  }
  if (q.attachmentTypes) {
    conditions.push("category = 'message' AND type IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(q.attachmentTypes));
  }
  if (q.hasLinks === true)
    conditions.push(`(${text} LIKE '%http://%' OR ${text} LIKE '%https://%')`);
  if (q.hasMentions === true) conditions.push(`${text} LIKE '%<@uid:%'`);
  for (const uid of q.mentionedUids ?? []) {
    conditions.push(`${text} LIKE ? ESCAPE '\\'`);
    params.push(mention(uid));
  }
  if (q.hasReactions === true)
    conditions.push('EXISTS (SELECT 1 FROM reaction_counts r WHERE r.message_id = messages.id)');
  return conditions.length === 0 ? [undefined] : [conditions.join(' AND '), ...params];
}
