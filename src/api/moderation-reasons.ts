import { callOperation } from './operation';
import { type CreateReasonBody, type UpdateReasonBody } from './schemas/moderation-reason';

/** The reasons, and any item the console could not read (`unsupported`). */
export const listModerationReasons = (signal?: AbortSignal) =>
  callOperation('reasons.list', {}, { signal });

export const getModerationReason = async (id: string, signal?: AbortSignal) =>
  (await callOperation('reasons.get', { id }, { signal })).data;

export const createModerationReason = async (body: CreateReasonBody) =>
  (await callOperation('reasons.create', {}, { body }))?.data;

export const updateModerationReason = async (id: string, body: UpdateReasonBody) =>
  (await callOperation('reasons.update', { id }, { body }))?.data;

export const deleteModerationReason = (id: string) => callOperation('reasons.delete', { id });
