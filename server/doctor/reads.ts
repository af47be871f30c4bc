import type { z } from 'zod';
import { readOperations, responseSchemas } from '../../src/api/contract/responses';
import type { DoctorCheck } from '../../src/api/schemas/chat-service';
import { isAnswer, type Answer, type Get } from './transport';
import { explainNetworkError } from './network';

/** Ids taken from earlier answers, to fill the path parameters of later reads. */
interface Ids {
  uid?: string;
  guid?: string;
  messageId?: string;
  /** A message that has reactions, when the list shows one; else the first message. */
  reactedMessageId?: string;
  reaction?: string;
  role?: string;
  reasonId?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const record = (value: unknown): Record<string, unknown> | undefined =>
  isRecord(value) ? value : undefined;

const items = (json: unknown): Record<string, unknown>[] => {
  const data = record(json)?.data;
  return Array.isArray(data) ? data.filter(isRecord) : [];
};

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

const firstReaction = (message: Record<string, unknown>): string | undefined => {
  const reactions = record(message.data)?.reactions;
  return Array.isArray(reactions) ? text(record(reactions[0])?.reaction) : undefined;
};

/** What each list answer lends to the reads after it. */
const harvest: Readonly<Record<string, (json: unknown, ids: Ids) => void>> = {
  'GET /users': (json, ids) => {
    ids.uid = text(items(json)[0]?.uid);
  },
  'GET /groups': (json, ids) => {
    ids.guid = text(items(json)[0]?.guid);
  },
  'GET /roles': (json, ids) => {
    ids.role = text(items(json)[0]?.role);
  },
  'GET /moderation/reasons': (json, ids) => {
    ids.reasonId = text(items(json)[0]?.id);
  },
  'GET /messages': (json, ids) => {
    const messages = items(json);
    ids.messageId = text(messages[0]?.id);
    const reacted = messages.find((m) => firstReaction(m) !== undefined);
    ids.reactedMessageId = text(reacted?.id) ?? ids.messageId;
    ids.reaction = reacted ? firstReaction(reacted) : undefined;
  },
  'GET /messages/{id}/reactions': (json, ids) => {
    ids.reaction ??= text(items(json)[0]?.reaction);
  },
};

/** A path parameter's value, or the thing that is missing (`user`, `group` ...). */
function resolve(
  template: string,
  param: string,
  ids: Ids,
): { value: string } | { missing: string } {
  const found = (value: string | undefined, thing: string) =>
    value === undefined ? { missing: thing } : { value };
  switch (param) {
    case 'uid':
      return found(ids.uid, 'user');
    case 'guid':
      return found(ids.guid, 'group');
    case 'role':
      return found(ids.role, 'role');
    case 'reaction':
      return found(ids.reaction, 'reaction');
    case 'id':
      if (template.startsWith('/moderation/reasons/')) return found(ids.reasonId, 'reason');
      if (template.includes('/reactions')) return found(ids.reactedMessageId, 'message');
      return found(ids.messageId, 'message');
    default:
      return { missing: param };
  }
}

/** Query parameters a read cannot go without (documented as required). */
const requiredQuery: Readonly<
  Record<string, (ids: Ids) => { query: Record<string, string> } | { missing: string }>
> = {
  'GET /notifications/v1/preferences': (ids) =>
    ids.uid === undefined
      ? { missing: 'user to read the preferences of' }
      : { query: { uid: ids.uid } },
};

/**
 * How many items a lenient list schema set aside as unsupported: a non-empty `unsupported` array
 * on the parsed answer or on its `data`.
 */
export function unsupportedCount(parsed: unknown): number {
  for (const holder of [record(parsed), record(record(parsed)?.data)]) {
    const unsupported = holder?.unsupported;
    if (Array.isArray(unsupported) && unsupported.length > 0) return unsupported.length;
  }
  return 0;
}

/** `data[0].uid`, with keys that could carry data (anything but plain identifiers) masked. */
function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_][A-Za-z0-9_]{0,40}$/.test(key))
      out += out ? `.${key}` : key;
    else out += '[…]';
  }
  return out || '(root)';
}

function judgeRead(
  name: string,
  answer: Answer,
  schema: z.ZodType,
): Omit<DoctorCheck, 'id' | 'group' | 'title'> {
  const ms = answer.ms;
  if (answer.status < 200 || answer.status >= 300) {
    const code = answer.code ? `, ${answer.code}` : '';
    const hint =
      answer.code === 'AUTH_ERR_NO_ACCESS'
        ? 'Use a key with the fullAccess scope.'
        : answer.code === 'ERR_API_NOT_FOUND'
          ? "The service does not offer this read: check the base URL, or the feature on the app's plan."
          : undefined;
    return { status: 'fail', detail: `Answered HTTP ${answer.status}${code}.`, hint, ms };
  }
  if (answer.json === undefined) return { status: 'fail', detail: 'The answer is not JSON.', ms };
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issuePath(issue.path) : '(root)';
    const more = parsed.error.issues.length > 1 ? ` (+${parsed.error.issues.length - 1} more)` : '';
    return {
      status: 'fail',
      detail: `Does not parse: ${where}: ${issue?.message ?? 'invalid'}${more}.`,
      hint: `The console cannot show this answer; its schema is responseSchemas['${name}'] in src/api/contract/responses.ts.`,
      ms,
    };
  }
  const unsupported = unsupportedCount(parsed.data);
  return {
    status: 'pass',
    detail:
      unsupported > 0
        ? `Parses (${unsupported} item${unsupported === 1 ? '' : 's'} unsupported).`
        : 'Parses.',
    ms,
  };
}

/**
 * Every read of the console (`readOperations`), parsed with its schema; path parameters come from
 * earlier answers, so lists run first. Returns the checks in `readOperations` order and the answers.
 */
export async function checkReads(get: Get): Promise<{ checks: DoctorCheck[]; answers: Answer[] }> {
  const ids: Ids = {};
  const results = new Map<string, DoctorCheck>();
  const answers: Answer[] = [];
  const lists = readOperations.filter((name) => !name.includes('{'));
  const details = readOperations.filter((name) => name.includes('{'));
  for (const name of [...lists, ...details]) {
    const base = { id: `read:${name}`, group: 'reads', title: name } as const;
    const template = name.slice('GET '.length);
    const schema = responseSchemas[name];
    let path = '';
    let missing: string | undefined;
    for (const part of template.split('/').slice(1)) {
      const param = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!param) {
        path += `/${part}`;
        continue;
      }
      const value = resolve(template, param, ids);
      if ('missing' in value) {
        missing = value.missing;
        break;
      }
      path += `/${encodeURIComponent(value.value)}`;
    }
    const needs = requiredQuery[name]?.(ids);
    if (!missing && needs && 'missing' in needs) missing = needs.missing;
    if (missing || !schema) {
      results.set(name, {
        ...base,
        status: 'skip',
        detail: `Skipped: no ${missing ?? 'schema'} to read.`,
      });
      continue;
    }
    const result = await get(path, needs && 'query' in needs ? needs.query : undefined);
    if (!isAnswer(result)) {
      const explained = explainNetworkError(result.code, 'the service');
      results.set(name, { ...base, status: 'fail', ...explained, ms: result.ms });
      continue;
    }
    answers.push(result);
    if (result.status >= 200 && result.status < 300) harvest[name]?.(result.json, ids);
    results.set(name, { ...base, ...judgeRead(name, result, schema) });
  }
  return { checks: readOperations.flatMap((name) => results.get(name) ?? []), answers };
}
