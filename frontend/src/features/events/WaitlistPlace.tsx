import { Suspense, type ReactNode } from 'react';
import type { FestEvent } from '../../api/types';
import { useWaitlistViews } from '../../components/WaitlistViews';

/**
 * The student's place in a full event's line (or Join), drawn by the waitlist; `fallback` (the
 * event's own "full" state) shows while its code loads, or where the app provides no waitlist.
 */
export function WaitlistPlace({ event, fallback }: { event: FestEvent; fallback: ReactNode }) {
  const views = useWaitlistViews();
  if (!views) return fallback;
  return (
    <Suspense fallback={fallback}>
      <views.EventPlace eventId={event._id} eventName={event.name} soloEvent={event.event_type === 'solo'} fallback={fallback} />
    </Suspense>
  );
}
