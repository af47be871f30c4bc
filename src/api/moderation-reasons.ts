import { apiPath, request } from './http';
import { successResponseSchema } from './schemas/common';
import {
  reasonListResponseSchema,
  reasonResponseSchema,
  type CreateReasonBody,
  type UpdateReasonBody,
} from './schemas/moderation-reason';

/** The reasons, and any item the console could not read (`unsupported`). */
export const listModerationReasons = (signal?: AbortSignal) =>
  request(apiPath('moderation', 'reasons'), reasonListResponseSchema, { signal });

export const getModerationReason = async (id: string, signal?: AbortSignal) =>
  (await request(apiPath('moderation', 'reasons', id), reasonResponseSchema, { signal })).data;

export const createModerationReason = async (body: CreateReasonBody) =>
  (
    await request(apiPath('moderation', 'reasons'), reasonResponseSchema, {
      method: 'POST',
      tolerant: true,
      body,
    })
  )?.data;

export const updateModerationReason = async (id: string, body: UpdateReasonBody) =>
  (
    await request(apiPath('moderation', 'reasons', id), reasonResponseSchema, {
      method: 'PUT',
      tolerant: true,
      body,
    })
  )?.data;

export const deleteModerationReason = (id: string) =>
  request(apiPath('moderation', 'reasons', id), successResponseSchema, {
    method: 'DELETE',
    tolerant: true,
  });
