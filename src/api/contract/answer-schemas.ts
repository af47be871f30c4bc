import * as blockedMessage from '../schemas/blocked-message';
import * as common from '../schemas/common';
import * as conversation from '../schemas/conversation';
import * as flaggedMessage from '../schemas/flagged-message';
import * as group from '../schemas/group';
import * as message from '../schemas/message';
import * as moderationReason from '../schemas/moderation-reason';
import * as notification from '../schemas/notification';
import * as reaction from '../schemas/reaction';
import * as role from '../schemas/role';
import * as user from '../schemas/user';
import * as usersBulk from '../schemas/users-bulk';

// The schemas a catalogue entry may name as its answer (`answer: 'banResponseSchema'`): every
// `…ResponseSchema` of the chat service's schema modules. The SPA loads this module beside its first
// call, so the schemas stay out of the entry chunk. A new schema module is listed here once.

const modules = {
  ...blockedMessage,
  ...common,
  ...conversation,
  ...flaggedMessage,
  ...group,
  ...message,
  ...moderationReason,
  ...notification,
  ...reaction,
  ...role,
  ...user,
  ...usersBulk,
};

type Modules = typeof modules;

/** Every answer schema by its export name. */
export type AnswerSchemas = {
  [K in keyof Modules as K extends `${string}ResponseSchema` ? K : never]: Modules[K];
};

/** The name of an answer schema, as a catalogue entry gives it. */
export type AnswerSchemaName = keyof AnswerSchemas;

export const answerSchemas: AnswerSchemas = modules;
