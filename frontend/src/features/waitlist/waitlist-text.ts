import type { WaitlistEntry } from '../../api/types';
import { formatDateTime } from '../../lib/dates';

/** When an offered seat stops being held, in the festival's time (India). */
export const heldUntil = (entry: WaitlistEntry): string => (entry.offerExpiresAt ? formatDateTime(entry.offerExpiresAt) : 'the deadline');
