import { Suspense, type ReactNode } from 'react';
import type { FestEvent } from '../../api/types';
import { useWaitlistViews } from '../../components/WaitlistViews';

/**
 * The student's place in a full event's line (or Join), drawn by the waitlist; `fallback` (the
 * event's own "full" state) shows where the app provides no waitlist; `pending` (else `fallback`)
 * while its code and the student's places load.
 */
export function WaitlistPlace({ event, fallback, pending = fallback }: { event: FestEvent; fallback: ReactNode; pending?: ReactNode }) {
  const views = useWaitlistViews();
  if (!views) return fallback;
  return (
    <Suspense fallback={pending}>
      <views.EventPlace eventId={event._id} eventName={event.name} soloEvent={event.event_type === 'solo'} fallback={fallback} pending={pending} />
    </Suspense>
  );
}
