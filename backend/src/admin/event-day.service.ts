import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { TeamRow } from '../database/schema/teams.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { awaitingApproval } from '../results/results.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import type { AttendanceDto } from './event-day.dto.js';
import { type ApplicantResponse, type EventTeamResponse, inApplicationOrder, type TicketResponse, toApplicantResponse } from './event-day.response.js';

const TICKET_NOT_FOUND = 'Ticket not found';

/**
 * The event day at the door and in the hall (admin-side §4): who is expected, their attendance,
 * and the tickets students show. The registrations module owns the rows; this service applies
 * the club rule and the date rule and puts the students' details beside their registrations.
 */
@Injectable()
export class EventDayService {
  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  /**
   * Every student holding a seat (pending or approved, a team's members one by one) and the
   * registered teams. `search` keeps the students whose name or roll number contains it, and the
   * teams with one of them.
   */
  async applicants(admin: SessionUser, eventId: string, search?: string): Promise<{ applicants: ApplicantResponse[]; teams: EventTeamResponse[] }> {
    const event = await this.events.getAdministered(admin, eventId);
    const standing = await this.registrations.standingOf(event.id);
    const { applicants, teams } = await this.describe(standing);
    const needle = search?.toLowerCase();
    const found = needle
      ? applicants.filter((applicant) => [applicant.name, applicant.rollNum ?? ''].some((text) => text.toLowerCase().includes(needle)))
      : applicants;
    const foundTeams = new Set(found.map((applicant) => applicant.teamId));
    return { applicants: found, teams: teams.filter((team) => foundTeams.has(team._id)).map(({ team }) => team) };
  }

  /** Marks students present or absent on the event day; answers how many changed (a repeat changes nothing). */
  async markAttendance(admin: SessionUser, eventId: string, { attendance, eventId: sentEventId }: AttendanceDto): Promise<number> {
    if (sentEventId !== undefined && sentEventId !== eventId) throw fieldError('eventId', 'This attendance is for another event');
    const event = await this.events.getAdministered(admin, eventId);
    // The last mark of a student sent twice is the one that counts.
    const marks = [...new Map(attendance.map((mark) => [mark.userId, mark])).values()];
    return this.onEventDay(event.id, async (standing, tx) => {
      await this.refuseStrangers(
        marks.map((mark) => mark.userId),
        standing,
        (name) => `${name} is not registered for this event`,
        tx,
      );
      await this.refuseUnapproved(
        marks.filter((mark) => mark.isPresent).map((mark) => mark.userId),
        standing,
        tx,
      );
      return this.registrations.markPresence(event.id, marks, tx);
    });
  }

  /** The ticket's event and holders, for its club's admins. */
  async ticket(admin: SessionUser, code: string): Promise<TicketResponse> {
    const { event, holders } = await this.ownTicket(admin, code);
    return { event: { _id: event.id, name: event.name }, holders: (await this.describe(holders)).applicants };
  }

  /** Checks in the holders who arrived (every holder by default) on the event day; a repeat changes nothing. */
  async checkIn(admin: SessionUser, code: string, userIds?: string[]): Promise<{ message: string; holders: ApplicantResponse[] }> {
    const { event } = await this.ownTicket(admin, code);
    const arrived = await this.onEventDay(event.id, async (standing, tx) => {
      const holders = standing.filter((registration) => registration.ticketCode === code);
      if (holders.length === 0) throw new NotFoundException(TICKET_NOT_FOUND);
      const named = userIds ? [...new Set(userIds)] : holders.map((holder) => holder.userId);
      await this.refuseStrangers(named, holders, (name) => `${name} is not on this ticket`, tx);
      await this.refuseUnapproved(named, holders, tx);
      await this.registrations.markPresence(
        event.id,
        named.map((userId) => ({ userId, isPresent: true })),
        tx,
      );
      return named;
    });
    const { applicants } = await this.describe(await this.registrations.holdersOf(code));
    const names = applicants.filter((applicant) => arrived.includes(applicant.userId)).map((applicant) => applicant.name);
    return { message: `Checked in: ${names.join(', ')}`, holders: applicants };
  }

  private async ownTicket(admin: SessionUser, code: string): Promise<{ event: EventRow; holders: RegistrationRow[] }> {
    const holders = await this.registrations.holdersOf(code);
    if (holders.length === 0) throw new NotFoundException(TICKET_NOT_FOUND);
    const event = await this.events.getAdministered(admin, holders[0].eventId);
    // A ticket of a closed edition's festival admits nobody now.
    this.events.requireOpenEdition(event);
    return { event, holders };
  }

  /**
   * Runs an attendance change on the event day, with the event's registrations holding a seat, in
   * one transaction that holds the event's row: a change of the event's date waits for it (and
   * then finds the attendance, which keeps the day where it is: `AdminEventsService.update`).
   */
  private async onEventDay<T>(eventId: string, change: (standing: RegistrationRow[], tx: Executor) => Promise<T>): Promise<T> {
    return this.database.transaction(async (tx) => {
      const event = await this.events.lock(eventId, tx);
      this.events.requireOpenEdition(event);
      const refusal = this.events.festivalClock.eventDayRefusal(event.eventDate, this.clock.now());
      if (refusal) throw new ConflictException(refusal);
      return change(await this.registrations.standingOf(event.id, tx), tx);
    });
  }

  /** A 400 naming the first student who is not among `allowed` (by name, or by id when no account has it). */
  private async refuseStrangers(
    userIds: readonly string[],
    allowed: readonly RegistrationRow[],
    message: (name: string) => string,
    tx: Executor,
  ): Promise<void> {
    const known = new Set(allowed.map((registration) => registration.userId));
    const stranger = userIds.find((userId) => !known.has(userId));
    if (stranger === undefined) return;
    const [account] = await this.users.findByIds([stranger], tx);
    throw new BadRequestException(message(account?.name ?? stranger));
  }

  /**
   * A 409 naming the first of `userIds` whose registration still waits for approval (their team,
   * for a team's member): a pending registration holds its seat, but only an approved one takes part.
   */
  private async refuseUnapproved(userIds: readonly string[], rows: readonly RegistrationRow[], tx: Executor): Promise<void> {
    const waiting = rows.find((row) => row.status !== 'approved' && userIds.includes(row.userId));
    if (!waiting) return;
    const name = waiting.teamId
      ? (await this.teams.teamNames([waiting.teamId], tx)).get(waiting.teamId)
      : (await this.users.findByIds([waiting.userId], tx))[0]?.name;
    throw new ConflictException(awaitingApproval(name ?? waiting.userId));
  }

  /** The registrations as applicants in application order (`inApplicationOrder`). */
  async asApplicants(rows: readonly RegistrationRow[]): Promise<ApplicantResponse[]> {
    return (await this.describe(rows)).applicants;
  }

  /** The registrations as applicants in application order (`inApplicationOrder`), with the teams they make up. */
  private async describe(rows: readonly RegistrationRow[]): Promise<{ applicants: ApplicantResponse[]; teams: { _id: string; team: EventTeamResponse }[] }> {
    const teamIds = [...new Set(rows.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
    const [students, teams] = await Promise.all([this.users.findByIds([...new Set(rows.map((row) => row.userId))]), this.teams.byIds(teamIds)]);
    const byId = new Map(students.map((student) => [student.id, student]));
    const teamById = new Map(teams.map((team) => [team.id, team]));
    const ordered = inApplicationOrder(
      rows,
      (teamId) => teamById.get(teamId)?.leaderId,
      (userId) => byId.get(userId)?.name ?? '',
    );
    const applicants = ordered.map((row) => toApplicantResponse(row, byId.get(row.userId), (row.teamId && teamById.get(row.teamId)?.name) || null));
    return { applicants, teams: teams.map((team) => ({ _id: team.id, team: toEventTeam(team, ordered, byId) })) };
  }
}

function toEventTeam(team: TeamRow, rows: readonly RegistrationRow[], students: Map<string, UserRow>): EventTeamResponse {
  const person = (id: string) => {
    const student = students.get(id);
    return { name: student?.name ?? '', email: student?.email ?? '', dept: student?.dept ?? null, year: student?.year ?? null };
  };
  const others = rows.filter((row) => row.teamId === team.id && row.userId !== team.leaderId).map((row) => person(row.userId));
  return { _id: team.id, teamName: team.name, leader: person(team.leaderId), members: [person(team.leaderId), ...others] };
}

function fieldError(field: string, message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field, message }] });
}
