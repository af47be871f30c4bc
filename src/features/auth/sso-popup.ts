/**
 * Single sign-on without leaving the page: the identity provider runs in a popup that comes back to
 * `/sign-in?popup=1`, which announces the new session on this channel and closes (decision 0026).
 */
const channelName = 'chat-admin-console-session';
export const popupReturnTo = '/sign-in?popup=1';

export function announceSignedIn() {
  const channel = new BroadcastChannel(channelName);
  channel.postMessage('signed-in');
  channel.close();
}

/** Opens the popup; `onSignedIn` runs when it reports a session. Returns false when the browser blocked it. */
export function openSsoPopup(onSignedIn: () => void): { opened: boolean; stop: () => void } {
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (event) => {
    if (event.data === 'signed-in') onSignedIn();
  };
  const popup = window.open(
    `/auth/sso/start?returnTo=${encodeURIComponent(popupReturnTo)}`,
    'chat-admin-console-sso',
    'popup,width=520,height=680',
  );
  const stop = () => channel.close();
  if (!popup) stop();
  return { opened: popup !== null, stop };
}
