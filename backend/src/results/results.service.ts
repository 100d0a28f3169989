import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { RegistrationRow } from '../database/schema/registrations.js';
import type { EventWinnerRow, NewEventWinnerRow } from '../database/schema/results.js';
import { EventsService } from '../events/events.service.js';
import { eventDayRefusal } from '../events/festival-calendar.service.js';
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

  /** The event's results, once its winners are confirmed: 404 before. */
  async published(eventId: string): Promise<ResultsResponse> {
    const event = await this.events.getRow(eventId);
    const rows = await this.results.findByEvent(event.id);
    if (rows.length === 0) throw new NotFoundException('Results are not published yet');
    const winners = (await this.describe(rows)).map(({ userId: _userId, teamId: _teamId, ...shown }) => shown);
    return {
      event: { _id: event.id, name: event.name, clubInCharge: event.clubInCharge, eventDate: event.eventDate?.toISOString() ?? null },
      confirmedAt: rows[0].confirmedAt.toISOString(),
      winners,
    };
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
    const saved = await this.database.db.transaction(async (tx) => {
      // The event's row is the turnstile: one choice at a time reads the earlier set and replaces it.
      const event = await this.events.lock(eventId, tx);
      const refusal = eventDayRefusal(event.eventDate, this.clock.now());
      if (refusal) throw new ConflictException(refusal);
      const standing = await this.registrations.standingOf(event.id, tx);
      await this.checkChoices(event, winners, standing);
      const before = await this.results.findByEvent(event.id, tx);
      const confirmedAt = this.clock.now();
      const rows: NewEventWinnerRow[] = winners.map(({ place, userId, teamId }) => ({
        eventId,
        place,
        userId: userId ?? null,
        teamId: teamId ?? null,
        confirmedAt,
      }));
      const after = await this.results.replace(event.id, rows, tx);
      await this.recordConfirmed(admin, event, before, after, tx);
      return after;
    });
    return this.describe(saved);
  }

  /**
   * The choice's rules, first broken first: a student per place on a solo event and a team per
   * place on a group event; between one and as many winners as there are applicants; each once;
   * each registered and present (a team: every member); places 1 to the count, each once.
   */
  private async checkChoices(event: EventRow, choices: readonly Choice[], standing: readonly RegistrationRow[]): Promise<void> {
    const byTeam = event.eventType === 'group';
    if (choices.some((choice) => (byTeam ? !choice.teamId || choice.userId : !choice.userId || choice.teamId)))
      throw invalid(byTeam ? 'Choose a team (teamId) for each place' : 'Choose a student (userId) for each place');
    const seats = byTeam ? new Set(standing.flatMap((row) => (row.teamId ? [row.teamId] : []))).size : standing.length;
    if (choices.length > seats) throw invalid(`Choose between 1 and ${seats} winners`);
    const chosen = choices.map((choice) => (byTeam ? choice.teamId : choice.userId) ?? '');
    if (new Set(chosen).size !== chosen.length) throw invalid('Each winner can take only one place');
    const problem = byTeam ? await this.teamProblem(chosen, standing) : await this.studentProblem(chosen, standing);
    if (problem) throw invalid(problem);
    const places = choices.map((choice) => choice.place).sort((a, b) => a - b);
    if (places.some((place, index) => place !== index + 1)) throw invalid(`Places must run from 1 to ${choices.length}, each used once`);
  }

  private async studentProblem(userIds: readonly string[], standing: readonly RegistrationRow[]): Promise<string | undefined> {
    const rows = new Map(standing.map((row) => [row.userId, row]));
    const stranger = userIds.find((id) => !rows.get(id));
    const absent = userIds.find((id) => rows.get(id)?.isPresent === false);
    if (stranger === undefined && absent === undefined) return undefined;
    const [account] = await this.users.findByIds([stranger ?? absent ?? '']);
    const name = account?.name ?? stranger ?? '';
    return stranger !== undefined ? `${name} is not registered for this event` : `${name} was not marked present`;
  }

  private async teamProblem(teamIds: readonly string[], standing: readonly RegistrationRow[]): Promise<string | undefined> {
    const members = (teamId: string) => standing.filter((row) => row.teamId === teamId);
    const stranger = teamIds.find((id) => members(id).length === 0);
    const absent = teamIds.find((id) => members(id).some((row) => !row.isPresent));
    if (stranger === undefined && absent === undefined) return undefined;
    const id = stranger ?? absent ?? '';
    const name = (await this.teams.teamNames([id])).get(id) ?? 'A team';
    return stranger !== undefined ? `${name} is not registered for this event` : `${name} has members not marked present`;
  }

  private async recordConfirmed(admin: SessionUser, event: EventRow, before: EventWinnerRow[], after: EventWinnerRow[], tx: Executor): Promise<void> {
    const [was, is] = await Promise.all([this.describe(before), this.describe(after)]);
    await this.audit.record(
      {
        actor: admin,
        action: 'event.winners_confirmed',
        club: event.clubInCharge,
        subject: { type: 'event', id: event.id, label: event.name },
        changes: { winners: { from: before.length > 0 ? placeLabels(was) : null, to: placeLabels(is) } },
      },
      tx,
    );
  }

  /** The places with their students' names and departments; a team's with its name and members, leader first. */
  private async describe(rows: readonly EventWinnerRow[]): Promise<ChosenWinnerResponse[]> {
    if (rows.length === 0) return [];
    const teamIds = rows.flatMap((row) => (row.teamId ? [row.teamId] : []));
    const [teams, standing] = await Promise.all([this.teams.byIds(teamIds), this.registrations.standingOf(rows[0].eventId)]);
    const members = (teamId: string) => standing.filter((row) => row.teamId === teamId).map((row) => row.userId);
    const people = await this.users.findByIds([...new Set([...rows.flatMap((row) => (row.userId ? [row.userId] : [])), ...teamIds.flatMap(members)])]);
    const person = (id: string) => people.find((user) => user.id === id);
    return [...rows]
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

function placeLabels(winners: readonly ChosenWinnerResponse[]): string[] {
  return winners.map((winner) => `${winner.place}. ${winner.teamName ?? winner.name}`);
}

function invalid(message: string): BadRequestException {
  return new BadRequestException({ message, errors: [{ field: 'winners', message }] });
}
