import { EventDetailPage } from '../../features/events/EventDetailPage';
import { RegisterPage } from '../../features/events/RegisterPage';
import { EventTeams } from '../../features/teams/EventTeams';
import { TeamManager } from '../../features/teams/TeamManager';

// The events feature draws the event; the teams feature its teams. Features do not import each
// other, so the pages that need both are put together here.

/** /event/{eventId}: the event, and for team events the student's teams and the gender counters. */
export function EventPage() {
  return <EventDetailPage teamsArea={EventTeams} />;
}

/** /register/{eventId}: the event, and for team events the My Teams manager. */
export function TeamRegisterPage() {
  return <RegisterPage teamManager={TeamManager} />;
}

/**
 * /events/{eventId}/results: loaded with the event page, whose link leads there. A chunk of its own
 * would add its files to the preload map in the home page's script, which is at its budget.
 */
export { ResultsPage } from '../../features/events/ResultsPage';
/** /results: the archive of earlier festivals' winners, beside an event's results for the same reason. */
export { ArchivePage } from '../../features/archive/ArchivePage';
