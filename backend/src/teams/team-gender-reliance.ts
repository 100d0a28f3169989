import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { TeamRow } from '../database/schema/teams.js';
import { EventsService } from '../events/events.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { type GenderReliance, ProfileService } from '../users/profile.service.js';
import { UsersService } from '../users/users.service.js';
import { appliesGenderRule } from './gender-rule.js';
import { TeamsRepository } from './teams.repository.js';

/**
 * The teams that rely on a student's gender: those of events with the same-gender rule in the
 * festival now open, led by the student or not, registered or not, unless their registration was
 * rejected (such a team takes no part any more). Attached to the profile when the application
 * starts, so a gender change is refused while one of them stands.
 */
@Injectable()
export class TeamGenderReliance implements GenderReliance, OnModuleInit {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly users: UsersService,
    private readonly profiles: ProfileService,
  ) {}

  onModuleInit(): void {
    this.profiles.relyOnGender(this);
  }

  async refusal(studentId: string, tx: Executor): Promise<string | undefined> {
    const teams = await this.teams.teamsOf(studentId, undefined, tx);
    if (teams.length === 0) return undefined;
    const events = new Map((await this.events.findByIds([...new Set(teams.map((team) => team.eventId))], tx)).map((event) => [event.id, event]));
    // One connection runs one statement at a time: the teams are read one after the other.
    for (const team of teams) {
      const event = events.get(team.eventId);
      if (event && (await this.relies(team, event, studentId, tx))) return this.refusalFor(team, event, studentId, tx);
    }
    return undefined;
  }

  private async relies(team: TeamRow, event: EventRow, studentId: string, tx: Executor): Promise<boolean> {
    if (!appliesGenderRule(event) || !this.events.isOfOpenEdition(event)) return false;
    return team.registeredAt === null || (await this.registrations.seatOfStudent(event.id, studentId, tx)) !== undefined;
  }

  /** The refusal, with the way out: a team is left or discarded before it registers, and its registration is its leader's to cancel. */
  private async refusalFor(team: TeamRow, event: EventRow, studentId: string, tx: Executor): Promise<string> {
    const where = team.registeredAt ? `"${team.name}", registered for ${event.name}` : `"${team.name}" for ${event.name}`;
    const rule = 'a gender-based event: its members share one gender';
    if (team.leaderId === studentId) {
      const steps = team.registeredAt
        ? "Cancel the team's registration on My Registrations, discard the team, then change it."
        : 'Discard the team first, then change it.';
      return `Your gender cannot change while you lead ${where}, ${rule}. ${steps}`;
    }
    const leader = await this.users.findById(team.leaderId, tx);
    const steps = team.registeredAt
      ? `Ask its leader${leader ? `, ${leader.name},` : ''} to cancel the team's registration; then leave the team and change it.`
      : 'Leave the team first, then change it.';
    return `Your gender cannot change while you are in ${where}, ${rule}. ${steps}`;
  }
}
