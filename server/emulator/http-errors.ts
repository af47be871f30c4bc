export type ErrorDetails = Record<string, string[]>;

/** An error the emulator answers with the service's envelope `{ error: { message, devMessage, source, code, details? } }`. */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: ErrorDetails,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(
  code: string,
  message: string,
  details?: ErrorDetails,
  devMessage = message,
) {
  return {
    error: { message, devMessage, source: 'chat-api', code, ...(details ? { details } : {}) },
  };
}

export const badRequest = (details: ErrorDetails) =>
  new ChatApiError(
    400,
    'ERR_BAD_REQUEST',
    'Failed to validate the data sent with the request.',
    details,
  );

export const uidNotFound = (uid: string) =>
  new ChatApiError(
    404,
    'ERR_UID_NOT_FOUND',
    `The UID ${uid} does not exist, please make sure you have created a user with UID ${uid}.`,
  );

export const guidNotFound = (guid: string) =>
  new ChatApiError(
    404,
    'ERR_GUID_NOT_FOUND',
    `The GUID ${guid} does not exist, please make sure you have created a group with GUID ${guid}.`,
  );

export const messageNotFound = (id: string) =>
  new ChatApiError(404, 'ERR_MESSAGE_ID_NOT_FOUND', `The message with id ${id} does not exist.`);

export const roleNotFound = (role: string) =>
  new ChatApiError(
    404,
    'ERR_ROLE_NOT_FOUND',
    `The role ${role} does not exist, please make sure you have created a role with role ${role}.`,
  );

export const apiNotFound = () =>
  new ChatApiError(
    404,
    'ERR_API_NOT_FOUND',
    'The API endpoint is invalid. Please verify the API call.',
  );

/** The JSON response for an error, with its extra headers (Retry-After ...). */
export function errorResponse(error: ChatApiError): Response {
  const headers = new Headers({ 'content-type': 'application/json', ...error.headers });
  return new Response(JSON.stringify(errorBody(error.code, error.message, error.details)), {
    status: error.status,
    headers,
  });
}
