import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { EventWinnerRow, NewEventWinnerRow } from '../database/schema/results.js';
import { EventsService } from '../events/events.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import type { WinnersDto } from './results.dto.js';
import { ResultsRepository } from './results.repository.js';
import type { ChosenWinnerResponse, ResultsResponse } from './results.response.js';

/** One place as the admin chose it. */
interface Choice {
  place: number;
  userId?: string;
  teamId?: string;
}

/**
 * An event's winners and its published results (admin-side §4). Winners are chosen among the
 * students (or whole teams) marked present, on or after the event's date; a choice replaces the
 * earlier set whole, in one transaction that holds the event's row, so two choices made at once
 * leave one of them, never a mix.
 */
@Injectable()
export class ResultsService {
  constructor(
    private readonly results: ResultsRepository,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  /**
   * The event's results, once its winners are confirmed: 404 before. A winner shows while their
   * registration (their team's) is still approved: one cancelled since is left out, in its place's gap.
   */
  async published(eventId: string): Promise<ResultsResponse> {
    const results = await this.publishedOf(await this.events.getRow(eventId));
    if (!results) throw new NotFoundException('Results are not published yet');
    return results;
  }

  /** The results of every event of a festival edition that has them (the archive), by date then name. */
  async ofEdition(editionId: number): Promise<ResultsResponse[]> {
    const events = await this.events.listForClub(undefined, editionId);
    const decided = new Set(await this.results.eventsWithWinners(events.map((event) => event.id)));
    const results: ResultsResponse[] = [];
    for (const event of events.filter((candidate) => decided.has(candidate.id))) {
      const published = await this.publishedOf(event);
      if (published) results.push(published);
    }
    return results;
  }

  /** The places the student won, alone or with one of their teams (their data download). */
  wonBy(userId: string, teamIds: readonly string[]): Promise<EventWinnerRow[]> {
    return this.results.wonBy(userId, teamIds);
  }

  /** Each event's confirmed winners as `1. Name` (a team's name for a team), first place first: the club export's column. */
  async placesOf(eventIds: readonly string[]): Promise<Map<string, string[]>> {
    const places = new Map<string, string[]>();
    for (const eventId of eventIds) places.set(eventId, placeLabels(await this.describe(await this.results.findByEvent(eventId))));
    return places;
  }

  /** Confirms the event's winners in place of any earlier ones, with its audit record. */
  async choose(admin: SessionUser, eventId: string, { winners }: WinnersDto): Promise<ChosenWinnerResponse[]> {
    await this.events.getAdministered(admin, eventId);
    return this.database.transaction(async (tx) => {
      // The event's row is the turnstile: one choice at a time reads the earlier set and replaces it.
      const event = await this.events.lock(eventId, tx);
      this.events.requireOpenEdition(event);
      const refusal = this.events.festivalClock.eventDayRefusal(event.eventDate, this.clock.now()) ?? this.beforeStart(event);
      if (refusal) throw new ConflictException(refusal);
      const standing = await this.registrations.standingOf(event.id, tx);
      await this.checkChoices(event, winners, standing, tx);
      const before = await this.describe(await this.results.findByEvent(event.id, tx), tx);
      const confirmedAt = this.clock.now();
      const rows: NewEventWinnerRow[] = winners.map(({ place, userId, teamId }) => ({
        eventId,
        place,
        userId: userId ?? null,
        teamId: teamId ?? null,
        confirmedAt,
      }));
      const after = await this.describe(await this.results.replace(event.id, rows, tx), tx);
      await this.recordConfirmed(admin, event, before, after, tx);
      return after;
    });
  }

  /**
   * Attendance opens at the event day's midnight, for a door that opens early; winners wait for the
   * event itself: at midnight its page still takes registrations, and nobody has competed yet.
   */
  private beforeStart(event: EventRow): string | undefined {
    if (!event.eventDate || this.clock.now() >= event.eventDate) return undefined;
    return `Winners can be chosen once ${event.name} has started (${this.events.festivalClock.momentInWords(event.eventDate)}).`;
  }

  /** The event's confirmed places, first place first: a student or a team each (the certificates' merit). */
  confirmedPlaces(eventId: string, executor?: Executor): Promise<EventWinnerRow[]> {
    return this.results.findByEvent(eventId, executor);
  }

  /** Whether the event has winners on record (shown or not): its results have been confirmed once. */
  async hasWinners(eventId: string, executor?: Executor): Promise<boolean> {
    return (await this.results.findByEvent(eventId, executor)).length > 0;
  }

  /**
   * The choice's rules, first broken first: a student per place on a solo event and a team per
   * place on a group event; between one and as many winners as there are seats held; each
   * once; each approved and present (a team: every member); places 1 to the count, each once.
   */
  private async checkChoices(event: EventRow, choices: readonly Choice[], standing: readonly RegistrationRow[], tx: Executor): Promise<void> {
    const byTeam = event.eventType === 'group';
    if (choices.some((choice) => (byTeam ? !choice.teamId || choice.userId : !choice.userId || choice.teamId)))
      throw invalid(byTeam ? 'Choose a team (teamId) for each place' : 'Choose a student (userId) for each place');
    const seats = byTeam ? new Set(standing.flatMap((row) => (row.teamId ? [row.teamId] : []))).size : standing.length;
    if (choices.length > seats) throw invalid(`Choose between 1 and ${seats} winners`);
    const chosen = choices.map((choice) => (byTeam ? choice.teamId : choice.userId) ?? '');
    if (new Set(chosen).size !== chosen.length) throw invalid('Each winner can take only one place');
    const problem = await this.problemOf(chosen, byTeam, standing, tx);
    if (problem) throw invalid(problem);
    const places = choices.map((choice) => choice.place).sort((a, b) => a - b);
    if (places.some((place, index) => place !== index + 1)) throw invalid(`Places must run from 1 to ${choices.length}, each used once`);
  }

  /** The first chosen student (or team) who is not registered, still waits for approval, or was not all marked present. */
  private async problemOf(chosen: readonly string[], byTeam: boolean, standing: readonly RegistrationRow[], tx: Executor): Promise<string | undefined> {
    const rowsOf = (id: string) => standing.filter((row) => (byTeam ? row.teamId : row.userId) === id);
    const stranger = chosen.find((id) => rowsOf(id).length === 0);
    const waiting = chosen.find((id) => rowsOf(id).some((row) => row.status !== 'approved'));
    const absent = chosen.find((id) => rowsOf(id).some((row) => !row.isPresent));
    const id = stranger ?? waiting ?? absent;
    if (id === undefined) return undefined;
    const name = byTeam ? ((await this.teams.teamNames([id], tx)).get(id) ?? 'A team') : ((await this.users.findByIds([id], tx))[0]?.name ?? id);
    if (stranger !== undefined) return `${name} is not registered for this event`;
    if (waiting !== undefined) return awaitingApproval(name);
    return byTeam ? `${name} has members not marked present` : `${name} was not marked present`;
  }

  private async recordConfirmed(admin: SessionUser, event: EventRow, was: ChosenWinnerResponse[], is: ChosenWinnerResponse[], tx: Executor): Promise<void> {
    await this.audit.record(
      {
        actor: admin,
        action: 'event.winners_confirmed',
        club: event.clubInCharge,
        subject: { type: 'event', id: event.id, label: event.name },
        changes: { winners: { from: was.length > 0 ? placeLabels(was) : null, to: placeLabels(is) } },
      },
      tx,
    );
  }

  /**
   * The places whose student (or team) is still approved, with their names and departments; a
   * team's with its name and members, leader first. Inside a transaction, `executor` is its own.
   */
  /** The event's results for everyone (names and departments only), or nothing while none are confirmed. */
  private async publishedOf(event: EventRow): Promise<ResultsResponse | undefined> {
    const rows = await this.results.findByEvent(event.id);
    const winners = (await this.describe(rows)).map(({ userId: _userId, teamId: _teamId, ...shown }) => shown);
    if (winners.length === 0) return undefined;
    return {
      event: { _id: event.id, name: event.name, clubInCharge: event.clubInCharge, eventDate: event.eventDate?.toISOString() ?? null },
      confirmedAt: rows[0].confirmedAt.toISOString(),
      winners,
    };
  }

  private async describe(rows: readonly EventWinnerRow[], executor?: Executor): Promise<ChosenWinnerResponse[]> {
    if (rows.length === 0) return [];
    const approved = (await this.registrations.standingOf(rows[0].eventId, executor)).filter((row) => row.status === 'approved');
    const members = (teamId: string) => approved.filter((row) => row.teamId === teamId).map((row) => row.userId);
    const standing = rows.filter((row) => (row.teamId ? members(row.teamId).length > 0 : approved.some((registration) => registration.userId === row.userId)));
    const teamIds = standing.flatMap((row) => (row.teamId ? [row.teamId] : []));
    const teams = await this.teams.byIds(teamIds, executor);
    const people = await this.users.findByIds(
      [...new Set([...standing.flatMap((row) => (row.userId ? [row.userId] : [])), ...teamIds.flatMap(members)])],
      executor,
    );
    const person = (id: string) => people.find((user) => user.id === id);
    return [...standing]
      .sort((a, b) => a.place - b.place)
      .map((row) => {
        const team = teams.find((candidate) => candidate.id === row.teamId);
        const lead = person(team?.leaderId ?? row.userId ?? '');
        const names = team ? [team.leaderId, ...members(team.id).filter((id) => id !== team.leaderId)].map((id) => person(id)?.name ?? '') : null;
        return {
          place: row.place,
          name: lead?.name ?? '',
          teamName: team?.name ?? null,
          members: names,
          dept: lead?.dept ?? null,
          userId: row.userId,
          teamId: row.teamId,
        };
      });
  }
}

/** The refusal of a student (or team) whose registration still waits for the club's approval. */
export function awaitingApproval(name: string): string {
  return `${name} is still waiting for approval`;
}

function placeLabels(winners: readonly ChosenWinnerResponse[]): string[] {
  return winners.map((winner) => `${winner.place}. ${winner.teamName ?? winner.name}`);
}

function invalid(message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field: 'winners', message }] });
}
