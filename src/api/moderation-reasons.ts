import { z } from 'zod';
import { apiPath, request } from './http';
import { successSchema } from './schemas/common';
import {
  reasonListResponseSchema,
  reasonResponseSchema,
  type CreateReasonBody,
  type UpdateReasonBody,
} from './schemas/moderation-reason';

export const listModerationReasons = async (signal?: AbortSignal) =>
  (await request(apiPath('moderation', 'reasons'), reasonListResponseSchema, { signal })).data;

export const getModerationReason = async (id: string, signal?: AbortSignal) =>
  (await request(apiPath('moderation', 'reasons', id), reasonResponseSchema, { signal })).data;

export const createModerationReason = async (body: CreateReasonBody) =>
  (await request(apiPath('moderation', 'reasons'), reasonResponseSchema, { method: 'POST', body })).data;

export const updateModerationReason = async (id: string, body: UpdateReasonBody) =>
  (await request(apiPath('moderation', 'reasons', id), reasonResponseSchema, { method: 'PUT', body })).data;

// The service documents this one without the `data` wrapper; accept either.
const deleteResponseSchema = z.union([z.object({ data: successSchema }), successSchema]);

export const deleteModerationReason = (id: string) =>
  request(apiPath('moderation', 'reasons', id), deleteResponseSchema, { method: 'DELETE' });
