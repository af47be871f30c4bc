/** Character class of each kind of path parameter; a segment that does not fit is a 404. */
export const paramClasses = {
  /** uid, guid, role id, moderation reason id: the service's alpha-dash ids. */
  id: (s: string) => /^[A-Za-z0-9_-]{1,100}$/.test(s),
  messageId: (s: string) => /^[0-9]{1,20}$/.test(s),
  permission: (s: string) =>
    /^[A-Za-z][A-Za-z0-9_]{0,63}(\.[A-Za-z][A-Za-z0-9_]{0,63}){0,3}$/.test(s),
  /** Any text (emoji, ZWJ sequences, flags, `:tokens:`), but never a separator or a dot segment. */
  reaction: (s: string) =>
    [...s].length <= 64 &&
    s.length > 0 &&
    !/[/\\%]/.test(s) &&
    !/\p{Cc}/u.test(s) &&
    !/^\.+$/.test(s),
} as const;
export type ParamClass = keyof typeof paramClasses;

export const isParamClass = (name: string): name is ParamClass => Object.hasOwn(paramClasses, name);
