import { ForbiddenException, Injectable } from '@nestjs/common';
import { ClubsService } from '../clubs/clubs.service.js';
import { toCsv } from '../common/csv.js';
import { administersClub } from '../common/permissions.js';
import { ReportGate } from '../common/report-gate.js';
import type { SessionUser } from '../common/session-user.js';
import type { EventRow } from '../database/schema/events.js';
import { EventsService } from '../events/events.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { ResultsService } from '../results/results.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import { inApplicationOrder } from './event-day.response.js';

/** The columns of the applicants' export; times are in the festival's zone, named in the heading. */
const applicantColumns = (zone: string) => [
  'Name',
  'Email',
  'Roll Number',
  'Department',
  'Year',
  'Team',
  'Role',
  'Status',
  `Registered At (${zone})`,
  'Present',
];
const clubColumns = (zone: string) => ['Event', 'Type', `Date (${zone})`, 'Venue', 'Seats', 'Taken', 'Registrations', 'Teams', 'Present', 'Winners'];

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The admins' spreadsheets (admin-side §9): an event's applicants and a club's events, built from the owning modules' rows. */
@Injectable()
export class ExportsService {
  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly results: ResultsService,
    private readonly clubs: ClubsService,
    private readonly reports: ReportGate,
  ) {}

  /**
   * Every registration of the event (team members one by one, rejected ones included with their
   * status). Each export, once its asker may have it, takes a place among the instance's heavy reports.
   */
  async eventApplicants(admin: SessionUser, eventId: string): Promise<{ event: EventRow; csv: string }> {
    const event = await this.events.getAdministered(admin, eventId);
    return { event, csv: await this.reports.run(() => this.applicantsCsv(event)) };
  }

  private async applicantsCsv(event: EventRow): Promise<string> {
    const rows = await this.registrations.ofEvents([event.id]);
    const teamIds = [...new Set(rows.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
    const [students, teams] = await Promise.all([this.users.findByIds([...new Set(rows.map((row) => row.userId))]), this.teams.byIds(teamIds)]);
    const student = new Map(students.map((user) => [user.id, user]));
    const team = new Map(teams.map((row) => [row.id, row]));
    const clock = this.events.festivalClock;
    const ordered = inApplicationOrder(
      rows,
      (teamId) => team.get(teamId)?.leaderId,
      (userId) => student.get(userId)?.name ?? '',
    );
    const lines = ordered.map((row) => {
      const account = student.get(row.userId);
      const own = row.teamId ? team.get(row.teamId) : undefined;
      const role = !own ? 'Solo' : own.leaderId === row.userId ? 'Leader' : 'Member';
      const present = row.isPresent ? 'Yes' : 'No';
      return [
        account?.name ?? '',
        account?.email ?? '',
        account?.rollNumber ?? null,
        account?.dept ?? null,
        account?.year ?? null,
        own?.name ?? null,
        role,
        capitalised(row.status),
        clock.dateTime(row.appliedAt),
        present,
      ];
    });
    return toCsv(applicantColumns(clock.name), lines);
  }

  /**
   * The club's events, one line each with its seats, registrations, teams, attendance and winners:
   * counted by the database, one row per event (the dashboards' tally), never the club's
   * registrations themselves, which at festival scale are thousands of rows per download.
   */
  async clubEvents(admin: SessionUser, club: string): Promise<string> {
    await this.clubs.named(club);
    if (!administersClub(admin, club)) throw new ForbiddenException("You don't have permission to export this club's events");
    return this.reports.run(() => this.clubEventsCsv(club));
  }

  private async clubEventsCsv(club: string): Promise<string> {
    const events = await this.events.listForClub(club);
    const clock = this.events.festivalClock;
    const ids = events.map((event) => event.id);
    // The tally's `recent` count is not asked for here: any moment does.
    const [tallies, places] = await Promise.all([this.registrations.tallyByEvent(ids, new Date()), this.results.placesOf(ids)]);
    const tallyOf = new Map(tallies.map((tally) => [tally.eventId, tally]));
    const lines = events.map((event) => {
      const { participants = 0, teams = 0, present = 0 } = tallyOf.get(event.id) ?? {};
      const date = event.eventDate ? clock.dateTime(event.eventDate) : null;
      const seats = event.maxApplications ?? 'Unlimited';
      return [event.name, event.eventType, date, event.venue, seats, event.seatsTaken, participants, teams, present, (places.get(event.id) ?? []).join('; ')];
    });
    return toCsv(clubColumns(clock.name), lines);
  }
}
