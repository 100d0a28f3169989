import { useState } from 'react';
import type { StudentMessage } from '../../api/types';

/**
 * Which organisers' messages the student has seen: those up to the newest one the bell showed when
 * last opened. Kept in this browser, per account, so reading costs no request; on another device
 * the same messages count as unread until the bell is opened there.
 */
const storageKey = (userId: string) => `messagesSeenUntil:${userId}`;

function readSeenUntil(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    // Storage refused (private mode): every message counts as unread, as on a new device.
    return null;
  }
}

function keepSeenUntil(userId: string, sentAt: string): void {
  try {
    localStorage.setItem(storageKey(userId), sentAt);
  } catch {
    // Not kept: the badge counts them again on the next visit.
  }
}

/** Sent after `since` (every message when nothing was seen yet). */
const sentAfter = (since: string | null) => (message: StudentMessage) => since === null || Date.parse(message.sentAt) > Date.parse(since);

/**
 * The messages unread since the bell was last opened, and `opened()` for its opening, which marks
 * them seen. The open list still marks New the ones that were unread when it opened.
 */
export function useSeenMessages(userId: string, messages: StudentMessage[]) {
  const [seenUntil, setSeenUntil] = useState(() => readSeenUntil(userId));
  const [newSince, setNewSince] = useState(seenUntil);
  const opened = () => {
    setNewSince(seenUntil);
    // Newest first: the first is the newest the list shows.
    const [newest] = messages;
    if (!newest || !sentAfter(seenUntil)(newest)) return;
    keepSeenUntil(userId, newest.sentAt);
    setSeenUntil(newest.sentAt);
  };
  return { unread: messages.filter(sentAfter(seenUntil)).length, isNew: sentAfter(newSince), opened };
}
