import { BadRequestException, ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException, type OnModuleInit } from '@nestjs/common';
import { type SQL, sql } from 'drizzle-orm';
import { Clock } from '../common/clock.js';
import { uniqueConflict } from '../common/conflicts.js';
import { fieldError } from '../common/field-error.js';
import { ScheduledJob } from '../common/scheduled-job.js';
import type { SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { TeamRow } from '../database/schema/teams.js';
import type { WaitlistEntryRow, WaitlistStatus } from '../database/schema/waitlist.js';
import { EventsService } from '../events/events.service.js';
import type { MailMessage } from '../mail/mail-layout.js';
import { MailService } from '../mail/mail.service.js';
import { RegistrationsService, registrationWords } from '../registrations/registrations.service.js';
import { type SeatLine, SeatsService, type TeamRefusal } from '../seats/seats.service.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import { TYPE_THE_NAME } from './waitlist.dto.js';
import { lineClosedMail, seatOfferMail, seatsOpenMail, teamCancelledMail } from './waitlist.mails.js';
import { ONE_OPEN_ENTRY, WaitlistRepository } from './waitlist.repository.js';
import { toWaitlistEntryResponse, type WaitlistEntryResponse } from './waitlist.response.js';

const HOUR = 60 * 60 * 1000;

const ENTRY_NOT_FOUND = 'Waitlist entry not found';
const TEAM_NOT_FOUND = 'Team not found';
const LAPSED = 'This offer has lapsed: the seat passed to the next in line.';
const NOT_OFFERED = 'This seat is no longer offered to you.';

const notRegistered = (event: EventRow) => registrationWords.notRegistered(event.name);
const alreadyRegistered = (event: EventRow) => registrationWords.alreadyRegistered(event.name);

/**
 * How an accept ended inside its transaction; a lapse, or an offer closed because it can never
 * be taken (`refused`, with registering's reason), commits before the 409 says so.
 */
type AcceptOutcome = { kind: 'accepted' | 'lapsed' | 'notOffered' } | { kind: 'refused'; message: string };

/** Who an entry stands for: the solo student, or the team its leader put in line. */
type InLine = Pick<WaitlistEntryRow, 'userId' | 'teamId'>;

/** What one event's sweep did: offers lapsed and waiting entries closed, and whether its seats changed. */
interface Swept {
  lapsed: number;
  seatsChanged: boolean;
}

/**
 * When the event's registration ends for good: the earliest of its deadline, its start and the
 * festival's close (`festivalCloses`, a setting); none without any of them.
 */
function registrationEnds(event: EventRow, festivalCloses: Date | null): Date | null {
  const ends = [event.registrationDeadline, event.eventDate, festivalCloses].filter((moment): moment is Date => moment !== null);
  return ends.length === 0 ? null : new Date(Math.min(...ends.map((moment) => moment.getTime())));
}

function registrationOver(event: EventRow, now: Date, festivalCloses: Date | null): boolean {
  const ends = registrationEnds(event, festivalCloses);
  return ends !== null && now >= ends;
}

/** Ends a refusal's sentence, so another may follow it. */
const sentence = (words: string) => (words.endsWith('.') ? words : `${words}.`);

/**
 * Cancelling a registration, and the line for a full event: where a freed seat goes. A freed seat
 * is offered at once, in the transaction that freed it, to the oldest waiting entry that could
 * take it, and held for it in `event_seats.held` until it is accepted, declined or lapses
 * (`offerFreeSeats`). The seats themselves are the seat owner's (`SeatsService`): every change
 * here locks through it, in its one lock order, before it touches the waitlist entries; and it
 * passes every seat it frees to this line (`SeatLine`, attached when the application starts).
 */
@Injectable()
export class WaitlistService implements SeatLine, OnModuleInit {
  private readonly logger = new Logger(WaitlistService.name);

  constructor(
    private readonly waitlist: WaitlistRepository,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly seats: SeatsService,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: FestivalSettingsService,
  ) {}

  onModuleInit(): void {
    this.seats.attachLine(this);
  }

  // ---- cancelling ----

  /**
   * Cancels the student's registration for the event (a team's, by its leader: every member's
   * row goes and the team stays, unregistered). The seat returns and is offered to the line in
   * the same transaction.
   */
  async cancel(student: SessionUser, eventId: string, typedName: string): Promise<{ message: string }> {
    const event = await this.events.getRow(eventId);
    if (typedName.trim() !== event.name) throw fieldError('eventName', TYPE_THE_NAME);
    const registration = await this.registrations.seatOfStudent(event.id, student.id);
    if (!registration) throw new NotFoundException(notRegistered(event));
    this.events.requireOpenEdition(event);
    const late = cancelRefusal(event, this.clock.now());
    if (late) throw new ConflictException(late);
    if (registration.teamId) return this.cancelTeam(student, event, registration.teamId);
    await this.write(async (tx) => {
      const { rows } = await this.seats.cancel(event.id, { userId: student.id, teamId: null }, tx);
      if (rows.length === 0) throw new NotFoundException(notRegistered(event));
    });
    return { message: `Your registration for ${event.name} is cancelled.` };
  }

  private async cancelTeam(leader: SessionUser, event: EventRow, teamId: string): Promise<{ message: string }> {
    const team = await this.write(async (tx) => {
      const { rows, team: locked } = await this.seats.cancel(event.id, { userId: leader.id, teamId }, tx, (found) => {
        if (!found) throw new NotFoundException(notRegistered(event));
        if (found.leaderId !== leader.id) throw new ForbiddenException("Only the team leader can cancel the team's registration.");
        return found;
      });
      if (rows.length === 0 || !locked) throw new NotFoundException(notRegistered(event));
      await this.tellMembers(event, locked, leader, rows, tx);
      return locked;
    });
    return { message: `Team "${team.name}"'s registration for ${event.name} is cancelled.` };
  }

  /** Tells the team's other members, whose tickets the leader's cancel voided, in the cancel's transaction. */
  private async tellMembers(event: EventRow, team: TeamRow, leader: SessionUser, cancelled: readonly RegistrationRow[], tx: Executor): Promise<void> {
    const members = await this.users.findByIds(
      cancelled.flatMap((row) => (row.userId === leader.id ? [] : [row.userId])),
      tx,
    );
    const url = new URL(`/event/${event.id}`, this.config.publicUrl).toString();
    for (const member of members) {
      const mail = { to: member.email, studentName: member.name, eventName: event.name, teamName: team.name, leaderName: leader.name, url };
      await this.mail.send(teamCancelledMail(mail), tx);
    }
  }

  // ---- the line ----

  /**
   * Puts the student, or their team (group events), in line for a full event: the same rules as
   * registering, checked with the event's seat row locked, so a seat freed meanwhile is either
   * offered to the line before this entry joins it or seen free here (and the student told to
   * register). The partial unique indexes keep one open entry per student and per team.
   */
  async join(student: SessionUser, eventId: string, teamId: string | undefined): Promise<{ message: string; entry: WaitlistEntryResponse }> {
    const now = this.clock.now();
    const event = await this.events.getRow(eventId);
    if (event.eventType === 'group' && !teamId) throw new BadRequestException(`${event.name} is a team event. Put your team in line from its page.`);
    if (event.eventType !== 'group' && teamId) throw new BadRequestException(`${event.name} is not a team event. Join its line on your own.`);
    const { entry, team, place } = await this.database.transaction(async (tx) => {
      const { team: locked } = await this.seats.lockForLine(event.id, tx, teamId);
      const ownTeam = teamId ? await this.ledTeam(student, locked, event, tx) : undefined;
      const current = await this.events.getRow(event.id, tx);
      await this.requireJoinable(student, current, ownTeam, now, tx);
      let joined: WaitlistEntryRow;
      try {
        joined = await this.waitlist.insert({ eventId: event.id, userId: student.id, teamId: ownTeam?.id ?? null, joinedAt: now }, tx);
      } catch (error) {
        const message = `You are already in line for ${event.name}.`;
        throw uniqueConflict(error, Object.fromEntries(ONE_OPEN_ENTRY.map((name) => [name, { message }]))) ?? error;
      }
      // Counted before the seat lock is let go: the place the student took, whatever happens next.
      return { entry: joined, team: ownTeam, place: (await this.waitlist.placesOf([joined], tx)).get(joined.id) ?? null };
    });
    return {
      message: `You are number ${place} in line for ${event.name}.`,
      entry: toWaitlistEntryResponse(entry, { event: event.name, team: team?.name ?? null }, place, student.id),
    };
  }

  /** The 409s of joining, in registering's words where registering has them. */
  private async requireJoinable(student: SessionUser, event: EventRow, team: TeamRow | undefined, now: Date, tx: Executor): Promise<void> {
    // Every reason registering gives but "full", which is what the line is for.
    const closed = this.events.closedReason({ ...event, maxApplications: null }, now);
    if (closed) throw new ConflictException(closed);
    const inLine = { userId: student.id, teamId: team?.id ?? null };
    if (await this.isRegistered(inLine, event, tx, team)) throw new ConflictException(alreadyRegistered(event));
    const left = EventsService.seatsLeft(event);
    if (left === null || left > 0) throw new ConflictException(`Seats are still open for ${event.name}: register instead.`);
    const refusal = await this.takeRefusal(inLine, event, tx, team);
    if (refusal) throw new ConflictException(refusal.message);
  }

  /** Whether the solo student, or the team, already holds a registration for the event. */
  private async isRegistered(inLine: InLine, event: EventRow, tx: Executor, team?: TeamRow): Promise<boolean> {
    if (inLine.teamId) return (team ?? (await this.teams.byIds([inLine.teamId], tx))[0])?.registeredAt != null;
    return (await this.registrations.seatOfStudent(event.id, inLine.userId, tx)) !== undefined;
  }

  /**
   * Why the solo student or the team could not take a seat of the event now, in registering's
   * words: already registered or its gender's teams all registered (`lasting`), too few members,
   * or a festival rule (the cap, a clash: mended by its leader or student, so not lasting). The
   * festival rules are read without their student locks (the registration checks them again
   * under them): the caller may hold the seat row, which comes after those locks.
   */
  private async takeRefusal(inLine: InLine, event: EventRow, tx: Executor, locked?: TeamRow): Promise<TeamRefusal | undefined> {
    const team = inLine.teamId ? (locked ?? (await this.teams.byIds([inLine.teamId], tx))[0]) : undefined;
    if (await this.isRegistered(inLine, event, tx, team)) return { message: alreadyRegistered(event), lasting: true };
    const refusal = team && (await this.seats.teamRefusal(team, event, tx));
    if (refusal) return refusal;
    const students = team ? await this.teams.memberIds(team.id, tx) : [inLine.userId];
    const rules = await this.registrations.festivalRulesRefusal(event, students, inLine.userId, tx);
    return rules ? { message: rules, lasting: false } : undefined;
  }

  /**
   * The caller's open entries, their own and their teams', oldest first; but those of an event
   * that takes no registration now (inactive, or its registration over, until the sweep closes
   * their line): no seat could come of them.
   */
  async entriesOf(user: SessionUser): Promise<WaitlistEntryResponse[]> {
    const now = this.clock.now();
    const open = await this.waitlist.findOpenOf(user.id, await this.teams.teamIdsOf(user.id));
    if (open.length === 0) return [];
    const events = await this.events.findByIds([...new Set(open.map((entry) => entry.eventId))]);
    const eventNames = new Map(events.filter((event) => event.isActive && !this.isOver(event, now)).map((event) => [event.id, event.name]));
    const entries = open.filter((entry) => eventNames.has(entry.eventId));
    const [teamNames, places] = await Promise.all([
      this.teams.teamNames([...new Set(entries.flatMap((entry) => (entry.teamId ? [entry.teamId] : [])))]),
      this.waitlist.placesOf(entries),
    ]);
    return entries.map((entry) =>
      toWaitlistEntryResponse(
        entry,
        { event: eventNames.get(entry.eventId) ?? '', team: entry.teamId ? (teamNames.get(entry.teamId) ?? '') : null },
        places.get(entry.id) ?? null,
        user.id,
      ),
    );
  }

  // ---- answering an offer ----

  /**
   * Takes the seat held for the entry: a registration (a team's, as registering a team makes it)
   * that turns the held seat into a taken one. An offer found past its expiry lapses here, and
   * its seat passes on, before the 409 says so; so does one that can never be taken (the student
   * registered meanwhile, the team's gender filled up). A refusal its student or leader can mend
   * (too few members, the festival's cap, a clash) keeps the offer until it expires.
   */
  async accept(user: SessionUser, entryId: string): Promise<{ message: string }> {
    const entry = await this.answerableEntry(user, entryId);
    const event = await this.events.getRow(entry.eventId);
    const now = this.clock.now();
    const outcome = await this.write(async (tx): Promise<AcceptOutcome> => {
      const { team, gone } = await this.seats.lockForOffer(event.id, entry, tx);
      if (gone) return { kind: 'notOffered' };
      const locked = await this.waitlist.lock(entry.id, tx);
      if (locked?.status === 'lapsed') return { kind: 'lapsed' };
      if (locked?.status !== 'offered') return { kind: 'notOffered' };
      if (locked.offerExpiresAt && locked.offerExpiresAt <= now) {
        await this.sweepEvent(event.id, now, tx);
        return { kind: 'lapsed' };
      }
      const current = await this.events.getRow(event.id, tx);
      const refusal = await this.takeRefusal(locked, current, tx, team);
      if (refusal && !refusal.lasting) throw new ConflictException(refusal.message);
      if (refusal) {
        await this.giveUpOffer(locked, 'lapsed', tx);
        return { kind: 'refused', message: `${sentence(refusal.message)} The offer is closed: the seat passed to the next in line.` };
      }
      // Confirmed by e-mail like any new registration (the registrations module's confirmations job).
      await this.seats.takeHeld(current, entry, team, now, tx);
      await this.waitlist.close(entry.id, 'offered', 'accepted', now, tx);
      return { kind: 'accepted' };
    });
    if (outcome.kind === 'refused') throw new ConflictException(outcome.message);
    if (outcome.kind === 'lapsed') throw new ConflictException(LAPSED);
    if (outcome.kind === 'notOffered') throw new ConflictException(NOT_OFFERED);
    return { message: registrationWords.succeeded(entry.teamId ? 'Team registered successfully!' : `Successfully registered for ${event.name}!`, event) };
  }

  /** Lets the offered seat go: it passes to the next in line at once. */
  async decline(user: SessionUser, entryId: string): Promise<{ message: string }> {
    const entry = await this.answerableEntry(user, entryId);
    const event = await this.events.getRow(entry.eventId);
    const passedOn = await this.write(async (tx) => {
      await this.seats.lockForLine(event.id, tx);
      const locked = await this.waitlist.lock(entry.id, tx);
      if (locked?.status === 'lapsed') throw new ConflictException(LAPSED);
      if (locked?.status !== 'offered') throw new ConflictException(NOT_OFFERED);
      return (await this.giveUpOffer(locked, 'declined', tx)) > 0;
    });
    const where = passedOn ? 'It passes to the next in line.' : 'Nobody else is in line, so it is free for anyone to register.';
    return { message: `You declined the seat for ${event.name}. ${where}` };
  }

  /** Leaves the line; an entry holding an offer declines it, and its seat passes on. */
  async leave(user: SessionUser, entryId: string): Promise<{ message: string }> {
    const entry = await this.answerableEntry(user, entryId);
    const event = await this.events.getRow(entry.eventId);
    await this.write(async (tx) => {
      await this.seats.lockForLine(event.id, tx);
      const locked = await this.waitlist.lock(entry.id, tx);
      if (locked?.status === 'offered') await this.giveUpOffer(locked, 'declined', tx);
      else if (!(locked && (await this.waitlist.close(locked.id, 'waiting', 'left', this.clock.now(), tx)))) {
        throw new ConflictException(`You are no longer in line for ${event.name}.`);
      }
    });
    return { message: `You left the waitlist for ${event.name}.` };
  }

  /** Every place in line the student holds or held (a team's as its leader), for their data download. */
  allEntriesOf(studentId: string): Promise<WaitlistEntryRow[]> {
    return this.waitlist.allOf(studentId);
  }

  /** The events whose lines the student holds a place in (their own, or their team's as its leader), read in the caller's transaction. */
  eventIdsInLineOf(studentId: string, executor: Executor): Promise<string[]> {
    return this.waitlist.eventIdsInLineOf(studentId, executor);
  }

  /**
   * Gives up a deleted account's place in the event's line, under the seat owner's locks
   * (`SeatsService.lockForDeparture`): a team's place passes to the team's next leader when it
   * has one (`successorId`); otherwise the place closes, an offer's seat passing on.
   */
  async departForGood(studentId: string, eventId: string, successorId: string | undefined, tx: Executor): Promise<void> {
    const held = (await this.waitlist.openOfEvent(eventId, tx)).filter((entry) => entry.userId === studentId);
    for (const entry of held) {
      if (entry.teamId && successorId) await this.waitlist.setHolder(entry.id, successorId, tx);
      else if (entry.status === 'offered') await this.giveUpOffer(entry, 'declined', tx);
      else await this.waitlist.close(entry.id, 'waiting', 'left', this.clock.now(), tx);
    }
  }

  /** Closes the offer and passes its seat on; answers how many seats went to the next in line. */
  private async giveUpOffer(entry: WaitlistEntryRow, closedAs: 'declined' | 'lapsed', tx: Executor): Promise<number> {
    await this.waitlist.close(entry.id, 'offered', closedAs, this.clock.now(), tx);
    await this.seats.letGo(entry.eventId, 1, tx);
    return this.offerFreeSeats(entry.eventId, tx);
  }

  // ---- where a freed seat goes ----

  /**
   * Offers the event's free seats to the oldest waiting entries, one seat each, in the caller's
   * transaction: each offered seat is held (`event_seats.held`), its e-mail goes to the outbox
   * with it. A head who could not take the seat now (`takeRefusal`) is not offered it: their
   * place is closed (lapsed), they are told why, and the next one is asked. Every place that
   * frees a seat calls this in the transaction that freed it (a cancel, a declined, left or
   * lapsed offer, a club admin's rejection, a capacity raised). No seat is offered once the
   * registration is over (its deadline, or the event's start) or while the event is inactive: nobody could take it. An
   * event without a limit needs no line (`openLine`). Answers how many seats were offered.
   */
  async offerFreeSeats(eventId: string, tx: Executor, now = this.clock.now()): Promise<number> {
    await this.seats.lockForLine(eventId, tx);
    const event = await this.events.getRow(eventId, tx);
    if (!event.isActive || this.isOver(event, now)) return 0;
    const free = EventsService.seatsLeft(event);
    if (free === null) {
      await this.openLine(event, now, tx);
      return 0;
    }
    const expiresAt = this.offerExpiry(event, now);
    const offered: WaitlistEntryRow[] = [];
    while (offered.length < free) {
      const head = await this.waitlist.lockHead(event.id, tx);
      if (!head) break;
      const refusal = await this.takeRefusal(head, event, tx);
      if (refusal) {
        await this.waitlist.close(head.id, 'waiting', 'lapsed', now, tx);
        await this.tellLine(event, [head], (mail) => lineClosedMail({ ...mail, reason: sentence(refusal.message) }), tx);
      } else offered.push(await this.waitlist.offer(head.id, now, expiresAt, tx));
    }
    if (offered.length === 0) return 0;
    await this.seats.hold(event.id, offered.length, tx);
    await this.sendOffers(event, offered, tx);
    return offered.length;
  }

  /**
   * The event's capacity was lifted: its line is no longer needed. Every open entry is closed
   * (lapsed), the seats held for offers are let go, and everyone who waited is told that seats
   * are open, in the caller's transaction.
   */
  private async openLine(event: EventRow, now: Date, tx: Executor): Promise<void> {
    const closed = await this.waitlist.closeAll(event.id, ['waiting', 'offered'], 'lapsed', now, tx);
    if (event.seatsHeld > 0) await this.seats.letGo(event.id, event.seatsHeld, tx);
    await this.tellLine(event, closed, seatsOpenMail, tx);
  }

  /**
   * Everyone the event's open entries stand for (a solo student, a team's members), as a subquery
   * of one column, `id`: who an event's deletion or an organiser's message to the line reaches.
   */
  studentIdsInLine(eventId: string): SQL {
    return sql`${this.waitlist.soloStudentIdsInLine(eventId)} union ${this.teams.memberIdsOf(this.waitlist.teamIdsInLine(eventId))}`;
  }

  /** Everyone holding a place in the event or standing in its line, each once, as a subquery of one column, `id`. */
  studentIdsHoldingOrInLine(eventId: string): SQL {
    return sql`${this.registrations.standingStudentIds(eventId)} union ${this.studentIdsInLine(eventId)}`;
  }

  /**
   * The sweep, every minute: lapses every offer past its expiry by the product's clock and holds
   * each seat for the next in line (or frees it when nobody waits); gives back seats held for
   * offers that are gone without an answer (an entry goes with its team when the team is
   * discarded, or with its student's account, and the seat must not stay held for nobody); and
   * closes the lines of events whose registration is over. Its work list is every event holding
   * seats (each due offer holds one) and every event with a line whose registration is over.
   * Each event is swept in its own transaction that locks the event's seat row first, as an
   * accept does, and the expiry is read again under that lock (see `WaitlistRepository.lapseDue`),
   * so it is safe on every instance at once; an event whose sweep fails (a deadlock, an outage)
   * is logged and tried again a minute later, and the others are swept meanwhile. Answers how
   * many entries lapsed.
   */
  @ScheduledJob('lapse-waitlist-offers', 60_000)
  async lapseDueOffers(): Promise<number> {
    await this.settings.refresh();
    const now = this.clock.now();
    const [holding, over] = await Promise.all([this.events.withHeldSeats(), this.linesOver(now)]);
    let lapsed = 0;
    let seatsChanged = false;
    for (const eventId of new Set([...holding, ...over])) {
      try {
        const swept = await this.database.transaction((tx) => this.sweepEvent(eventId, now, tx));
        lapsed += swept.lapsed;
        seatsChanged ||= swept.seatsChanged;
      } catch (error) {
        this.logger.error(`The waitlist sweep of event ${eventId} failed; the next run tries it again`, error instanceof Error ? error.stack : String(error));
      }
    }
    if (seatsChanged) this.events.listChanged();
    return lapsed;
  }

  /** The events with someone still waiting whose registration is over: their lines are closed. */
  private async linesOver(now: Date): Promise<string[]> {
    const waiting = await this.waitlist.eventsWaiting();
    if (waiting.length === 0) return [];
    return (await this.events.findByIds(waiting)).filter((event) => this.isOver(event, now)).map((event) => event.id);
  }

  /**
   * Lapses the event's due offers, gives back every held seat no offer stands for any more (to the
   * line first), and once its registration is over closes the entries still waiting.
   */
  private async sweepEvent(eventId: string, now: Date, tx: Executor): Promise<Swept> {
    if (!(await this.seats.lockForLine(eventId, tx)).found) return { lapsed: 0, seatsChanged: false };
    const lapsedOffers = await this.waitlist.lapseDue(eventId, now, tx);
    const event = await this.events.getRow(eventId, tx);
    // A closed festival's line ends with it, its offers too: nobody can take its seats any more.
    const ending: WaitlistStatus[] = this.events.isOfOpenEdition(event) ? ['waiting'] : ['waiting', 'offered'];
    const closed = this.isOver(event, now) ? await this.waitlist.closeAll(eventId, ending, 'lapsed', now, tx) : [];
    const unheld = event.seatsHeld - (await this.waitlist.countOffered(eventId, tx));
    if (unheld > 0) {
      await this.seats.letGo(eventId, unheld, tx);
      await this.offerFreeSeats(eventId, tx, now);
    }
    return { lapsed: lapsedOffers + closed.length, seatsChanged: lapsedOffers > 0 || unheld > 0 };
  }

  /**
   * Whether the event's registration is over for good (`registrationEnds`, under the festival's
   * close), as it is for every event of a closed festival.
   */
  private isOver(event: EventRow, now: Date): boolean {
    return !this.events.isOfOpenEdition(event) || registrationOver(event, now, this.settings.current.registrationClosesAt);
  }

  /** An offer is held the festival's `waitlistOfferHours`, or until registration ends (`registrationEnds`) when that comes first. */
  private offerExpiry(event: EventRow, now: Date): Date {
    const held = new Date(now.getTime() + this.settings.current.waitlistOfferHours * HOUR);
    const ends = registrationEnds(event, this.settings.current.registrationClosesAt);
    return ends && ends < held ? ends : held;
  }

  private async sendOffers(event: EventRow, offered: WaitlistEntryRow[], tx: Executor): Promise<void> {
    // One read after the other: a transaction's connection runs one query at a time.
    const students = await this.users.findByIds(
      offered.map((entry) => entry.userId),
      tx,
    );
    const teamNames = await this.teams.teamNames(
      offered.flatMap((entry) => (entry.teamId ? [entry.teamId] : [])),
      tx,
    );
    const byId = new Map(students.map((student) => [student.id, student]));
    const url = new URL(`/event/${event.id}`, this.config.publicUrl).toString();
    for (const entry of offered) {
      const student = byId.get(entry.userId);
      if (!student || !entry.offerExpiresAt) continue;
      const teamName = entry.teamId ? (teamNames.get(entry.teamId) ?? null) : null;
      await this.mail.send(
        seatOfferMail({
          ...{ to: student.email, studentName: student.name, eventName: event.name, teamName, url },
          ...{ expiresAt: entry.offerExpiresAt, clock: this.settings.festivalClock },
        }),
        tx,
      );
    }
  }

  /** Mails each entry's student (a team's leader) the message `mailFor` writes, in the caller's transaction. */
  private async tellLine(
    event: EventRow,
    entries: readonly WaitlistEntryRow[],
    mailFor: (mail: { to: string; studentName: string; eventName: string; url: string }) => MailMessage,
    tx: Executor,
  ): Promise<void> {
    if (entries.length === 0) return;
    const students = await this.users.findByIds(
      entries.map((entry) => entry.userId),
      tx,
    );
    const url = new URL(`/event/${event.id}`, this.config.publicUrl).toString();
    for (const student of students) await this.mail.send(mailFor({ to: student.email, studentName: student.name, eventName: event.name, url }), tx);
  }

  // ---- whose entry, whose team ----

  /** The entry, when the caller answers for it (the solo student or the team's leader): 404 for someone else's, 403 for a member of its team. */
  private async answerableEntry(user: SessionUser, entryId: string): Promise<WaitlistEntryRow> {
    const entry = await this.waitlist.findById(entryId);
    if (!entry) throw new NotFoundException(ENTRY_NOT_FOUND);
    if (entry.userId === user.id) return entry;
    if (entry.teamId && (await this.teams.teamIdsOf(user.id)).includes(entry.teamId)) {
      throw new ForbiddenException("Only the team leader can answer for the team's place in line.");
    }
    throw new NotFoundException(ENTRY_NOT_FOUND);
  }

  /** The caller's own team of the event, locked by the seat owner: 404 when it is not theirs or not the event's, 403 for a member who does not lead it. */
  private async ledTeam(student: SessionUser, team: TeamRow | undefined, event: EventRow, tx: Executor): Promise<TeamRow> {
    if (!team || team.eventId !== event.id) throw new NotFoundException(TEAM_NOT_FOUND);
    if (team.leaderId === student.id) return team;
    if (await this.teams.hasMember(team.id, student.id, tx)) throw new ForbiddenException('Only the team leader can put the team in line.');
    throw new NotFoundException(TEAM_NOT_FOUND);
  }

  /** Runs a seat change in one transaction, then has this instance's event list read afresh, as the admins' changes do. */
  private async write<T>(change: (tx: Executor) => Promise<T>): Promise<T> {
    const result = await this.database.transaction(change);
    this.events.listChanged();
    return result;
  }
}

/** Why the registration can no longer be cancelled at `now`: after the deadline, or (without one) once the event started. */
function cancelRefusal(event: EventRow, now: Date): string | undefined {
  if (event.registrationDeadline) {
    return now >= event.registrationDeadline ? `The registration deadline for ${event.name} has passed: registrations can no longer be cancelled.` : undefined;
  }
  return event.eventDate && now >= event.eventDate ? `${event.name} has started: registrations can no longer be cancelled.` : undefined;
}
