import { request } from './http';
import { chatServiceResponseSchema } from './schemas/chat-service';

/**
 * Runs the connection doctor on the console server (admins only): configuration, network, key,
 * round trip, rate-limit headroom and every read the console makes, against the configured service.
 */
export const checkChatService = async (signal?: AbortSignal) =>
  (await request('/console/chat-service', chatServiceResponseSchema, { signal })).data;
