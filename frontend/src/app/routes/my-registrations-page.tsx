import { useGetWaitlistQuery } from '../../api/waitlist-api';
import { registrationDeadline } from '../../features/events/event-rules';
import { useGetEventsQuery } from '../../features/events/events-api';
import { MyRegistrationsPage as Registrations, type CancelClosesAt } from '../../features/registrations/MyRegistrationsPage';
import { WaitlistSection } from '../../features/waitlist/WaitlistSection';

// My Registrations shows the registrations feature's list, with when each may be cancelled (an
// event fact, from the events feature), and the waitlist feature's places in line.

/** /my-registrations: the student's registrations, then their places in the events' lines. */
export function MyRegistrationsPage() {
  const { data: events } = useGetEventsQuery();
  // A seat held for the student is held for a while only: it comes before everything else.
  const { data: entries } = useGetWaitlistQuery();
  const offerWaiting = entries?.some((entry) => entry.status === 'offered') ?? false;
  // Cancelling closes with registration, or with the event's start when it sets no deadline.
  const cancelClosesAt: CancelClosesAt = (eventId) => {
    const event = events?.find(({ _id }) => _id === eventId);
    return event && (registrationDeadline(event) ?? event.eventDate);
  };
  return <Registrations cancelClosesAt={cancelClosesAt} waitlist={<WaitlistSection />} waitlistFirst={offerWaiting} />;
}
