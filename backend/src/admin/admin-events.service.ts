import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { type AuditEntry, AuditService, changedFields } from '../audit/audit.service.js';
import { ClubsService } from '../clubs/clubs.service.js';
import type { FestivalClock } from '../common/festival-clock.js';
import { administersClub, managedClub } from '../common/permissions.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { AuditChanges } from '../database/schema/audit.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import { type EventPayloadDto, eventFieldsOf } from '../events/event-payload.dto.js';
import { toEventResponse } from '../events/event.response.js';
import { EventsService, NOT_YOUR_EVENT } from '../events/events.service.js';
import { MailService } from '../mail/mail.service.js';
import { DecisionNoticesService } from '../registrations/decision-notices.service.js';
import { EventChangeNoticesService } from '../registrations/event-change-notices.service.js';
import { chosenBy, type DecideRegistrationsDto, type RegistrationDecision } from '../registrations/registrations.dto.js';
import { RegistrationsService, seatOf } from '../registrations/registrations.service.js';
import { ResultsService } from '../results/results.service.js';
import { SeatsService } from '../seats/seats.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import { WaitlistService } from '../waitlist/waitlist.service.js';
import { type AdminEventResponse, type EventApplications, toAdminEventResponse } from './admin-event.response.js';
import { AdminInvitesService } from './admin-invites.service.js';
import { eventCancelledMail } from './admin.mails.js';

type EventAction = Extract<AuditEntry['action'], `event.${string}`>;

/** The EventPayload fields an audit record shows, as the API names them. */
const AUDITED_FIELDS = [
  'name',
  'event_type',
  'clubInCharge',
  'description',
  'staff_incharges',
  'isActive',
  'maxApplications',
  'applicationDeadline',
  'eventDate',
  'eventEndDate',
  'venue',
  'rules',
  'minTeamSize',
  'maxTeamSize',
  'requiresApproval',
  'hasGenderBasedTeams',
  'maxBoyTeams',
  'maxGirlTeams',
  'coordinatorName',
  'coordinatorDept',
] as const;

/** What a decision on registrations answers: its sentence and how many seats it decided or left alone. */
interface DecisionOutcome {
  message: string;
  updated: number;
  skipped: number;
}

/**
 * A club's events as its admins run them (admin-side §2): creating, editing and deleting events,
 * and deciding the registrations that wait for approval. The rows stay with their modules
 * (events, registrations, teams); this service applies the club rule, writes the audit record
 * and the e-mails in the same transaction as the change, and refreshes the event list after it.
 */
@Injectable()
export class AdminEventsService {
  constructor(
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly changeNotices: EventChangeNoticesService,
    private readonly decisionNotices: DecisionNoticesService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly waitlist: WaitlistService,
    private readonly seats: SeatsService,
    private readonly invites: AdminInvitesService,
    private readonly results: ResultsService,
    private readonly audit: AuditService,
    private readonly clubs: ClubsService,
    private readonly mail: MailService,
    private readonly database: DatabaseService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The admin's club's events; every club's for the super admin. */
  /** The admin's events of the current festival, or of the edition named. */
  async list(admin: SessionUser, editionId?: number): Promise<AdminEventResponse[]> {
    return this.withApplications(await this.events.listForClub(managedClub(admin), editionId));
  }

  async get(admin: SessionUser, id: string): Promise<AdminEventResponse> {
    const [event] = await this.withApplications([await this.ownEvent(admin, id)]);
    return event;
  }

  /** A club admin's event is their club's whatever the form says; the super admin chooses a club. Either way the club takes new events (not retired). */
  async create(admin: SessionUser, payload: EventPayloadDto): Promise<AdminEventResponse> {
    requireCreateFields(payload);
    // Both are present (requireCreateFields); the defaults only tell the compiler so.
    const { name = '', eventType = 'solo', ...fields } = eventFieldsOf(payload);
    const event = await this.write(async (tx) => {
      const club = await this.clubs.requireOpen(admin.role === 'superadmin' ? payload.clubInCharge : managedClub(admin), 'clubInCharge', tx);
      const created = await this.events.create({ ...fields, name, eventType, clubInCharge: club }, tx);
      await this.record(admin, 'event.created', created, changedFields({}, audited(created)), tx);
      return created;
    });
    return toAdminEventResponse(event, NO_APPLICATIONS);
  }

  /** Changes the fields sent; a club admin cannot move an event to another club. */
  async update(admin: SessionUser, id: string, payload: EventPayloadDto): Promise<AdminEventResponse> {
    await this.ownEvent(admin, id);
    const changes = eventFieldsOf(payload);
    if (changes.clubInCharge !== undefined) {
      if (admin.role !== 'superadmin' && changes.clubInCharge !== admin.club) throw new ForbiddenException('Club cannot be changed by club admins');
    }
    const event = await this.write(async (tx) => {
      if (changes.clubInCharge !== undefined) changes.clubInCharge = await this.clubs.requireOpen(changes.clubInCharge, 'clubInCharge', tx);
      // The seat owner changes it and offers what a raised capacity (an event opened again, a deadline moved) frees to the line first.
      const { before, after } = await this.seats.changeEvent(id, changes, tx);
      // The club rule again on the locked row: the super admin may have moved the event meanwhile.
      if (!administersClub(admin, before.clubInCharge)) throw new ForbiddenException(NOT_YOUR_EVENT);
      if (after.clubInCharge !== before.clubInCharge) await this.requireMovable(before, tx);
      if (!onSameDay(before.eventDate, after.eventDate, this.events.festivalClock)) await this.requireDayMovable(before, tx);
      const changed = changedFields(audited(before), audited(after));
      if (Object.keys(changed).length > 0) await this.record(admin, 'event.updated', after, changed, tx);
      await this.changeNotices.tellRegistrants(before, after, tx);
      return after;
    });
    const [answer] = await this.withApplications([event]);
    return answer;
  }

  /**
   * Deletes the event (decision in docs/decisions.md): in one transaction every student still
   * registered, and everyone still in its waitlist, is e-mailed that it was cancelled, the audit
   * record keeps the event's fields and its number of registrations, and the event goes with its
   * seats, registrations, teams, their invitations and its waitlist. Answers how many
   * registrations were cancelled.
   */
  async remove(admin: SessionUser, id: string): Promise<number> {
    await this.ownEvent(admin, id);
    // The seat owner locks the event in its lock order, lets this read and write with it locked, then deletes it.
    return this.write((tx) =>
      this.seats.deleteEvent(id, tx, async (event) => {
        if (!administersClub(admin, event.clubInCharge)) throw new ForbiddenException(NOT_YOUR_EVENT);
        const standing = (await this.registrations.ofEvents([id], tx)).filter((registration) => registration.status !== 'rejected');
        const registered = new Set(standing.map((registration) => registration.userId));
        // Read before the delete takes the line with it; a student both registered and in line is told once.
        const students = await this.users.findIn(this.waitlist.studentIdsHoldingOrInLine(id), tx);
        const url = new URL('/', this.config.publicUrl).toString();
        for (const student of students) {
          const mail = { to: student.email, studentName: student.name, eventName: event.name, url };
          await this.mail.send(eventCancelledMail(mail, !registered.has(student.id)), tx);
        }
        await this.record(admin, 'event.deleted', event, { ...removedFields(event), registrations: { from: standing.length, to: 0 } }, tx);
        return standing.length;
      }),
    );
  }

  /**
   * Approves or rejects pending registrations of the admin's event: each decided student is
   * e-mailed and each decided seat (a solo student or a team) gets its audit record, in the
   * transaction of the decision. Ids that name no pending registration are skipped.
   */
  async decide(admin: SessionUser, id: string, decision: DecideRegistrationsDto): Promise<DecisionOutcome> {
    const chosen = chosenBy(decision);
    await this.ownEvent(admin, id);
    const decided = await this.write(async (tx) => {
      // Read again inside the decision: the super admin may have moved the event to another club,
      // or changed its gender rule, since the check above.
      const event = await this.events.getRow(id, tx);
      if (!administersClub(admin, event.clubInCharge)) throw new ForbiddenException(NOT_YOUR_EVENT);
      this.events.requireOpenEdition(event);
      // A rejection's seats (and teams' gender places) are given back by the seat owner, to the line first.
      const decided = { status: decision.status, reason: decision.reason || null };
      const rows = await this.seats.decide(event, chosen, decided, tx);
      await this.tellDecided(admin, event, rows, decided, tx);
      return rows;
    });
    const updated = new Set(decided.map(seatOf)).size;
    const skipped =
      chosen.userIds.filter((userId) => !decided.some((row) => row.userId === userId)).length +
      chosen.teamIds.filter((teamId) => !decided.some((row) => row.teamId === teamId)).length;
    return { message: `${updated} registration${updated === 1 ? '' : 's'} ${decision.status}`, updated, skipped };
  }

  private async tellDecided(admin: SessionUser, event: EventRow, rows: RegistrationRow[], decision: RegistrationDecision, tx: Executor): Promise<void> {
    const { status, reason } = decision;
    if (rows.length === 0) return;
    // All read through the decision's own transaction, one after the other: a read through the
    // pool would wait for a second connection, which the embedded database never has.
    await this.decisionNotices.tellDecided(event, rows, decision, tx);
    const students = await this.studentsOf(rows, tx);
    const teamNames = await this.teams.teamNames(teamIdsOf(rows), tx);
    const seats = new Map(rows.map((row) => [seatOf(row), row]));
    for (const row of seats.values()) {
      const who = (row.teamId && teamNames.get(row.teamId)) || students.get(row.userId)?.name || row.userId;
      await this.audit.record(
        {
          actor: admin,
          action: status === 'approved' ? 'registration.approved' : 'registration.rejected',
          club: event.clubInCharge,
          subject: { type: 'registration', id: row.id, label: `${who} → ${event.name}` },
          changes: { status: { from: 'pending', to: status }, ...(reason ? { reason: { from: null, to: reason } } : {}) },
        },
        tx,
      );
    }
  }

  /** The event, when the admin runs its club: 404 when there is none, 403 when it is another club's. */
  private async ownEvent(admin: SessionUser, id: string): Promise<EventRow> {
    managedClub(admin);
    return this.events.getAdministered(admin, id);
  }

  /** Runs a change in one transaction, then has this instance's event list read afresh (docs/decisions.md). */
  private async write<T>(change: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await this.database.transaction(change);
    this.events.listChanged();
    return result;
  }

  /**
   * An event moves to another club only while nobody runs it for its club: its admin, and an
   * invitation's future admin, belong to the club they were invited for. The event's row is
   * locked (by the update), as an invitation's acceptance locks it, so the two cannot cross.
   */
  private async requireMovable(event: EventRow, tx: Executor): Promise<void> {
    const runner = await this.users.findAssignedTo(event.id, tx);
    if (runner) throw new ConflictException(`${runner.name} runs this event for ${event.clubInCharge}. Change their role before moving it to another club.`);
    if (await this.invites.hasLiveInvitation(event.id, tx))
      throw new ConflictException(`This event has a pending admin invitation for ${event.clubInCharge}. Cancel it before moving the event to another club.`);
  }

  /**
   * An event's day stays where it is once attendance or winners are recorded for it: moving the
   * date into the past and back would otherwise record the event day before it came
   * (docs/decisions.md). Attendance and winners hold the event's row while they are recorded,
   * which the update has locked, so the two take turns.
   */
  private async requireDayMovable(event: EventRow, tx: Executor): Promise<void> {
    const attended = (await this.registrations.standingOf(event.id, tx)).some((registration) => registration.isPresent);
    if (attended || (await this.results.hasWinners(event.id, tx)))
      throw new ConflictException(`${event.name} already has attendance or winners recorded, so its date can no longer move to another day.`);
  }

  private record(admin: SessionUser, action: EventAction, event: EventRow, changes: AuditChanges, tx: Executor) {
    const entry: AuditEntry = { actor: admin, action, club: event.clubInCharge, subject: { type: 'event', id: event.id, label: event.name }, changes };
    return this.audit.record(entry, tx);
  }

  private async studentsOf(rows: RegistrationRow[], executor?: Executor) {
    return new Map((await this.users.findByIds([...new Set(rows.map((row) => row.userId))], executor)).map((user) => [user.id, user]));
  }

  /** The events' answers with their registrations, the students behind them and their teams' names (three reads in all). */
  private async withApplications(events: EventRow[]): Promise<AdminEventResponse[]> {
    const registrations = await this.registrations.ofEvents(events.map((event) => event.id));
    const [students, teamNames] = await Promise.all([this.studentsOf(registrations), this.teams.teamNames(teamIdsOf(registrations))]);
    const applications: EventApplications = { registrations, students, teamNames };
    return events.map((event) => toAdminEventResponse(event, applications));
  }
}

/** Whether two event dates fall on one festival day (the event-day rule's days); two missing dates do too. */
function onSameDay(a: Date | null, b: Date | null, clock: FestivalClock): boolean {
  return a === null || b === null ? a === b : clock.day(a) === clock.day(b);
}

/** The teams the registrations belong to, each once. */
function teamIdsOf(registrations: RegistrationRow[]): string[] {
  return [...new Set(registrations.flatMap((registration) => (registration.teamId ? [registration.teamId] : [])))];
}

const NO_APPLICATIONS: EventApplications = { registrations: [], students: new Map(), teamNames: new Map() };

/** The fields an event cannot be created without; the payload's own rules check the rest. */
function requireCreateFields(payload: EventPayloadDto): void {
  const missing = [
    payload.name === undefined && { field: 'name', message: 'Event name is required' },
    payload.event_type === undefined && { field: 'event_type', message: 'Please select an event type' },
    payload.staff_incharges === undefined && { field: 'staff_incharges', message: 'Please select at least one staff in-charge' },
  ].filter((problem) => problem !== false);
  if (missing.length > 0) throw new BadRequestException({ message: missing[0].message, errors: missing });
}

/** The event's form fields as the API names them, for an audit record's changes. */
function audited(event: EventRow): Record<string, unknown> {
  const answer = toEventResponse(event);
  return Object.fromEntries(AUDITED_FIELDS.map((field) => [field, answer[field]]));
}

/** Every form field of a deleted event, from its value to nothing, so its record keeps what it was. */
function removedFields(event: EventRow): AuditChanges {
  return Object.fromEntries(Object.entries(audited(event)).map(([field, value]) => [field, { from: value, to: null }]));
}
