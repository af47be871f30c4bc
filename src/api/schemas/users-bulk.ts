import { z } from '../zod';
import { dataEnvelope, idSchema, optional } from './common';

/** A bucket of the answer; the service omits empty ones (and may send null): both read as []. */
const uidBucket = optional(z.array(z.string())).transform((uids) => uids ?? []);

/** Most uids one deactivate or reactivate call takes; the console sends larger sets in batches. */
export const bulkUidsMax = 10_000;

const uidListSchema = (field: string) =>
  z
    .array(idSchema, { error: `The ${field} field must be an array of uids.` })
    .min(1, { error: `The ${field} field must have at least 1 uid.` })
    .max(bulkUidsMax, { error: `The ${field} field may have at most ${bulkUidsMax} uids.` });

export const deactivateUsersBodySchema = z.strictObject({
  uidsToDeactivate: uidListSchema('uidsToDeactivate'),
});
export type DeactivateUsersBody = z.infer<typeof deactivateUsersBodySchema>;

/** The service omits empty buckets; they parse as empty arrays. */
export const deactivateUsersResultSchema = z.looseObject({
  deactivatedUids: uidBucket,
  alreadyDeactivatedUids: uidBucket,
  notFound: uidBucket,
});
export type DeactivateUsersResult = z.infer<typeof deactivateUsersResultSchema>;
export const deactivateUsersResponseSchema = dataEnvelope(deactivateUsersResultSchema);

export const reactivateUsersBodySchema = z.strictObject({
  uidsToActivate: uidListSchema('uidsToActivate'),
});
export type ReactivateUsersBody = z.infer<typeof reactivateUsersBodySchema>;

/** `nonDeactivatedUids`: uids that exist but were not deactivated, so nothing changed. */
export const reactivateUsersResultSchema = z.looseObject({
  reactivatedUids: uidBucket,
  nonDeactivatedUids: uidBucket,
  notFound: uidBucket,
});
export type ReactivateUsersResult = z.infer<typeof reactivateUsersResultSchema>;
export const reactivateUsersResponseSchema = dataEnvelope(reactivateUsersResultSchema);
