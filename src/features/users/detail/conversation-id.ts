/** The id of the 1:1 conversation of two users, as the service builds it: the smaller uid first. */
export function userConversationId(a: string, b: string): string {
  return a < b ? `${a}_user_${b}` : `${b}_user_${a}`;
}
