import { useState } from 'react';
import { describeError } from '@/api/errors';
import { useAccountChange, useGroupBan, type AccountChange } from './sender-mutations';

export interface Sender {
  uid: string;
  name: string;
}

export interface SenderGroup {
  guid: string;
  name: string;
}

/** What the last action did, in words, with its undo while it can be undone. */
export interface SenderResult {
  severity: 'success' | 'error' | 'info';
  text: string;
  undo?: { label: string; run: () => void };
}

export const who = (sender: Sender) => `${sender.name} (${sender.uid})`;

const accountWords = (change: AccountChange, sender: Sender, verb: string, already: string) =>
  change === 'changed'
    ? `${who(sender)} ${verb}.`
    : change === 'unchanged'
      ? `${who(sender)} was ${already}; nothing changed.`
      : `${who(sender)} was not found by the chat service; nothing changed.`;

/**
 * The sender's ban and deactivation, each with its undo (unban, reactivate), and the result of the
 * last of them in words. `onConfirmed` runs when a confirmed ban or deactivation succeeded.
 */
export function useSenderActions(sender: Sender, onConfirmed: () => void) {
  const ban = useGroupBan('ban');
  const unban = useGroupBan('unban');
  const deactivate = useAccountChange('deactivate');
  const reactivate = useAccountChange('reactivate');
  const [result, setResult] = useState<SenderResult | null>(null);

  const undoBan = (target: SenderGroup, reason: string) =>
    unban.mutate(
      { guid: target.guid, uid: sender.uid, reason: `Undo of a ban: ${reason}` },
      {
        onSuccess: () =>
          setResult({
            severity: 'info',
            text: `Ban undone: ${who(sender)} unbanned from ${target.name}. They are not a member again until they rejoin.`,
          }),
        onError: (error) =>
          setResult({ severity: 'error', text: `Could not undo the ban: ${describeError(error)}` }),
      },
    );

  const confirmBan = (target: SenderGroup, reason: string) =>
    ban.mutate(
      { guid: target.guid, uid: sender.uid, reason },
      {
        onSuccess: () => {
          onConfirmed();
          setResult({
            severity: 'success',
            text: `${who(sender)} banned from ${target.name}.`,
            undo: { label: 'Undo ban', run: () => undoBan(target, reason) },
          });
        },
      },
    );

  const undoDeactivate = (reason: string) =>
    reactivate.mutate(
      { uid: sender.uid, reason: `Undo of a deactivation: ${reason}` },
      {
        onSuccess: (change) =>
          setResult({
            severity: 'info',
            text: `Deactivation undone: ${accountWords(change, sender, 'reactivated', 'not deactivated')}`,
          }),
        onError: (error) =>
          setResult({
            severity: 'error',
            text: `Could not undo the deactivation: ${describeError(error)}`,
          }),
      },
    );

  const confirmDeactivate = (reason: string) =>
    deactivate.mutate(
      { uid: sender.uid, reason },
      {
        onSuccess: (change) => {
          onConfirmed();
          setResult({
            severity: change === 'changed' ? 'success' : 'info',
            text: accountWords(change, sender, 'deactivated', 'already deactivated'),
            ...(change === 'changed'
              ? { undo: { label: 'Undo deactivation', run: () => undoDeactivate(reason) } }
              : {}),
          });
        },
      },
    );

  return {
    ban,
    deactivate,
    confirmBan,
    confirmDeactivate,
    result,
    undoing: unban.isPending || reactivate.isPending,
  };
}
