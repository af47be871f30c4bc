import { callOperation } from './operation';

/** The page the service serves for reaction lists (the size is not a documented parameter). */
export const reactionPageLimit = 100;

export interface ListReactionsParams {
  /** Only records of this reaction; all reactions of the message when undefined. */
  reaction?: string | undefined;
  /** `meta.next.id` of the previous page; the list continues after it (`affix=append`). */
  after?: string | undefined;
}

// Only the answer's own cursor goes back: the service documents no other parameter here.
const cursorQuery = (params: ListReactionsParams) => ({
  affix: params.after === undefined ? undefined : 'append',
  id: params.after,
});

/** One cursor page of reaction records, oldest first, with `meta.next` when more follow. */
export const listReactions = (
  messageId: string,
  params: ListReactionsParams = {},
  signal?: AbortSignal,
) =>
  params.reaction === undefined
    ? callOperation('reactions.list', { id: messageId }, { signal, query: cursorQuery(params) })
    : callOperation(
        'reactions.list-one',
        { id: messageId, reaction: params.reaction },
        { signal, query: cursorQuery(params) },
      );

export interface OnBehalfOf {
  /** The user who reacts (header `onBehalfOf`). */
  uid: string;
  /** The operator's reason; the console server records it in the audit trail and never forwards it. */
  reason: string;
}

/**
 * HTTP header values are Latin-1 only, so the reason travels percent-encoded (UTF-8) and the console
 * server decodes it before writing the audit trail.
 */
export const encodeReasonHeader = (reason: string) => encodeURIComponent(reason.trim());

const onBehalfHeaders = (actor: OnBehalfOf) => ({
  onBehalfOf: actor.uid,
  'x-console-reason': encodeReasonHeader(actor.reason),
});

/** Adds `reaction` as `actor.uid`; resolves to the message with its updated `data.reactions`. */
export const addReaction = async (
  messageId: string,
  reaction: string,
  actor: OnBehalfOf,
  signal?: AbortSignal,
) =>
  (
    await callOperation(
      'reactions.add',
      { id: messageId, reaction },
      {
        headers: onBehalfHeaders(actor),
        signal,
      },
    )
  )?.data;

/** Removes `actor.uid`'s `reaction`; resolves to the message with its updated `data.reactions`. */
export const removeReaction = async (
  messageId: string,
  reaction: string,
  actor: OnBehalfOf,
  signal?: AbortSignal,
) =>
  (
    await callOperation(
      'reactions.remove',
      { id: messageId, reaction },
      {
        headers: onBehalfHeaders(actor),
        signal,
      },
    )
  )?.data;
