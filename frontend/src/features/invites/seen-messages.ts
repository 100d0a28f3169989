import { useState } from 'react';
import type { StudentCertificate, StudentMessage } from '../../api/types';

/**
 * Which of the bell's listed things (organisers' messages, certificates) the student has seen:
 * those up to the newest one the bell showed when last opened. Kept in this browser, per account
 * and kind, so reading costs no request; on another device the same ones count as unread until
 * the bell is opened there.
 */
function readSeenUntil(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (private mode): everything counts as unread, as on a new device.
    return null;
  }
}

function keepSeenUntil(key: string, at: string): void {
  try {
    localStorage.setItem(key, at);
  } catch {
    // Not kept: the badge counts them again on the next visit.
  }
}

/**
 * The items (newest first) unread since the bell was last opened, and `opened()` for its opening,
 * which marks them seen. The open list still marks New the ones that were unread when it opened.
 */
function useSeenUntil<Item>(key: string, items: Item[], arrivedAt: (item: Item) => string) {
  const [seenUntil, setSeenUntil] = useState(() => readSeenUntil(key));
  const [newSince, setNewSince] = useState(seenUntil);
  /** Arrived after `since` (everything when nothing was seen yet). */
  const after = (since: string | null) => (item: Item) => since === null || Date.parse(arrivedAt(item)) > Date.parse(since);
  const opened = () => {
    setNewSince(seenUntil);
    const [newest] = items;
    if (!newest || !after(seenUntil)(newest)) return;
    keepSeenUntil(key, arrivedAt(newest));
    setSeenUntil(arrivedAt(newest));
  };
  return { unread: items.filter(after(seenUntil)).length, isNew: after(newSince), opened };
}

export const useSeenMessages = (userId: string, messages: StudentMessage[]) =>
  useSeenUntil(`messagesSeenUntil:${userId}`, messages, (message) => message.sentAt);

export const useSeenCertificates = (userId: string, certificates: StudentCertificate[]) =>
  useSeenUntil(`certificatesSeenUntil:${userId}`, certificates, (certificate) => certificate.issuedAt);
