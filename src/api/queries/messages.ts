import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  getMessage,
  listConversationPage,
  listMessages,
  listMessagesAround,
  type ConversationFilters,
} from '../messages';
import { searchMessagesPage, type MessageSearch } from '../message-search';
import type { Cursor } from '../schemas/common';
import { nextCursor } from './cursor';

/** Messages per page of the conversation browser. */
export const messagePageSize = 15;
/** Messages of the user page's "choose a message" list. */
const latestLimit = 20;

/** Keys and reads of messages: one message, conversation pages, and the context around one message. */
export const messageQueries = {
  all: () => ['messages'] as const,
  details: () => [...messageQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...messageQueries.details(), id] as const,
      queryFn: ({ signal }) => getMessage(id, signal),
    }),
  lists: () => [...messageQueries.all(), 'list'] as const,
  /** Newest first; each "Load more" follows the `meta.next` cursor of the last page. */
  conversation: (filters: ConversationFilters) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.lists(), 'conversation', filters] as const,
      queryFn: ({ pageParam, signal }) =>
        listConversationPage(filters, messagePageSize, pageParam, signal),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor(messagePageSize),
      enabled: filters.conversationId !== '',
    }),
  /**
   * A message search, newest first, `messagePageSize` per page; each "Load more" follows the
   * `meta.next` cursor of the last page.
   */
  search: (search: MessageSearch) =>
    infiniteQueryOptions({
      queryKey: [...messageQueries.lists(), 'search', search] as const,
      queryFn: ({ pageParam, signal }) =>
        searchMessagesPage(search, messagePageSize, pageParam, signal),
      initialPageParam: undefined as Cursor | undefined,
      getNextPageParam: nextCursor(messagePageSize),
    }),
  /** The latest messages of one conversation, newest first: one page, no paging. */
  latest: (conversationId: string) =>
    queryOptions({
      queryKey: [...messageQueries.lists(), 'latest', conversationId] as const,
      queryFn: ({ signal }) =>
        listMessages({ conversationId, limit: latestLimit, affix: 'prepend' }, signal),
    }),
  /**
   * The latest messages one user sent, anywhere, newest first: one page of `GET /messages` with the
   * documented `sender` filter, no paging.
   */
  fromSender: (uid: string, limit: number) =>
    queryOptions({
      queryKey: [...messageQueries.lists(), 'sender', uid, limit] as const,
      queryFn: ({ signal }) => listMessages({ sender: uid, limit, affix: 'prepend' }, signal),
    }),
  /** A few messages of the conversation before and after message `id`, each side oldest first. */
  around: (conversationId: string, id: string, size: number) =>
    queryOptions({
      queryKey: [...messageQueries.all(), 'around', conversationId, id, size] as const,
      queryFn: ({ signal }) => listMessagesAround(conversationId, id, size, signal),
      staleTime: 30_000,
    }),
};
