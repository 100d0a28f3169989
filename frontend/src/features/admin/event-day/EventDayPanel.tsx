/** An event's day for its admins: applicants, attendance and winners. */
export function EventDayPanel({ eventId }: { eventId: string }) {
  return <h2 data-event-id={eventId}>Event day</h2>;
}
