import { useId, useState } from 'react';
import { exportCsvHref, useGetApplicantsQuery } from '../../api/applicants-api';
import type { DetailedEvent } from '../../api/types';
import { ApplicantsTable } from '../../components/ApplicantsTable';
import { QueryView } from '../../components/QueryView';
import { useDayHasCome } from '../../lib/festival-day';
import { PanelEmpty } from './PanelEmpty';

const NO_MARKING = () => undefined;

/**
 * Every participant of one event, opened from the detailed events panel (which shows the latest
 * few): the same complete list the event's club admin sees on the event day, read on first open,
 * and its spreadsheet.
 */
export function AllParticipants({ event }: { event: DetailedEvent }) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  return (
    <div className="all-participants">
      <div className="all-participants__actions">
        <button type="button" className="button button--ghost button--small" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
          {open ? 'Hide all participants' : `View all ${event.participants} participants`}
        </button>
        <a className="button button--ghost button--small" href={exportCsvHref(event._id)} download aria-label={`Download CSV of ${event.name}`}>
          Download CSV
        </a>
      </div>
      <div id={regionId} hidden={!open}>
        {open && <ParticipantList event={event} />}
      </div>
    </div>
  );
}

function ParticipantList({ event }: { event: DetailedEvent }) {
  const query = useGetApplicantsQuery({ eventId: event._id, search: '' });
  const dayHasCome = useDayHasCome(event.eventDate ?? undefined);
  return (
    <QueryView query={query} errorTitle="Failed to load participants" loadingLabel="Loading participants…" headingLevel={3}>
      {(applicants) =>
        applicants.length === 0 ? (
          <PanelEmpty title="No registrations yet">Participants will appear here once they register</PanelEmpty>
        ) : (
          <>
            <p className="panel__hint" role="status">
              All {applicants.length} participants
            </p>
            <ApplicantsTable
              eventName={event.name}
              applicants={applicants}
              isGroupEvent={event.isTeamEvent}
              marking={false}
              dayHasCome={dayHasCome}
              onMark={NO_MARKING}
            />
          </>
        )
      }
    </QueryView>
  );
}
