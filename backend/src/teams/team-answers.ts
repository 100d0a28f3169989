import { Injectable } from '@nestjs/common';
import type { EventRow } from '../database/schema/events.js';
import type { InviteRow } from '../database/schema/invites.js';
import type { TeamMemberRow, TeamRow } from '../database/schema/teams.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { InvitesService } from '../invites/invites.service.js';
import type { TeamDetails } from '../registrations/registration.response.js';
import { UsersService } from '../users/users.service.js';
import { teamGenderWord } from './gender-rule.js';
import { DEFAULT_MIN_TEAM_SIZE } from './team-rules.js';
import type { InviteResponse, TeamResponse } from './team.response.js';
import { TeamsRepository } from './teams.repository.js';

/** The team's members, the leader first, then in the order they joined. */
export function inTeamOrder(team: TeamRow, members: TeamMemberRow[]): TeamMemberRow[] {
  const own = members.filter((member) => member.teamId === team.id);
  return [...own.filter((member) => member.userId === team.leaderId), ...own.filter((member) => member.userId !== team.leaderId)];
}

/** How teams and their invites are answered: the team manager's, the bell's and My Registrations' shapes. */
@Injectable()
export class TeamAnswers {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly invites: InvitesService,
    private readonly events: EventsService,
    private readonly users: UsersService,
  ) {}

  async toResponse(team: TeamRow, now: Date): Promise<TeamResponse> {
    const [response] = await this.toResponses([team], now);
    return response;
  }

  async toResponses(teams: TeamRow[], now: Date): Promise<TeamResponse[]> {
    if (teams.length === 0) return [];
    const ids = teams.map((team) => team.id);
    const [members, invites, events] = await Promise.all([
      this.teams.membersOf(ids),
      this.invites.liveForTeams(ids, now),
      this.events.findByIds([...new Set(teams.map((team) => team.eventId))]),
    ]);
    return this.buildResponses(teams, { members, invites, events });
  }

  /**
   * A team just registered, answered from the rows its transaction read: registering withdrew
   * every pending invite of the team, so only its members' names are left to read (a rush's
   * winners each read one statement here instead of four).
   */
  registeredResponse(team: TeamRow, event: EventRow, members: TeamMemberRow[]): Promise<TeamResponse> {
    return this.buildResponses([team], { members, invites: [], events: [event] }).then(([response]) => response);
  }

  private async buildResponses(
    teams: TeamRow[],
    { members, invites, events }: { members: TeamMemberRow[]; invites: InviteRow[]; events: EventRow[] },
  ): Promise<TeamResponse[]> {
    const people = await this.namesOf([...members.flatMap((member) => (member.userId ? [member.userId] : [])), ...invites.map((invite) => invite.inviteeId)]);
    const eventById = new Map(events.map((event) => [event.id, event]));
    return teams.map((team) => {
      const event = eventById.get(team.eventId);
      return {
        _id: team.id,
        teamName: team.name,
        eventId: { _id: team.eventId, name: event?.name ?? '', minTeamSize: event?.minTeamSize ?? DEFAULT_MIN_TEAM_SIZE },
        leader: { _id: team.leaderId, name: people.get(team.leaderId)?.name ?? '' },
        members: inTeamOrder(team, members).map((member) => ({
          userId: { _id: member.userId, name: member.userId ? (people.get(member.userId)?.name ?? '') : (member.name ?? '') },
          joinedAt: member.joinedAt.toISOString(),
        })),
        pendingInvites: invites
          .filter((invite) => invite.teamId === team.id)
          .map((invite) => ({
            _id: invite.id,
            inviteeId: { _id: invite.inviteeId, name: people.get(invite.inviteeId)?.name ?? '' },
            expiresAt: invite.expiresAt.toISOString(),
          })),
        maxMembers: event?.maxTeamSize ?? null,
        isRegistered: team.registeredAt !== null,
        gender: teamGenderWord(team.gender),
        createdAt: team.createdAt.toISOString(),
      };
    });
  }

  /** The invites as the bell and the invite page show them; `keep` leaves out those whose event it refuses. */
  async toInviteResponses(invites: InviteRow[], now: Date, keep: (event: EventRow | undefined) => boolean = () => true): Promise<InviteResponse[]> {
    if (invites.length === 0) return [];
    const [teams, events, people] = await Promise.all([
      this.teams.findByIds([...new Set(invites.map((invite) => invite.teamId))]),
      this.events.findByIds([...new Set(invites.map((invite) => invite.eventId))]),
      this.namesOf(invites.map((invite) => invite.inviterId)),
    ]);
    const teamById = new Map(teams.map((team) => [team.id, team]));
    const eventById = new Map(events.map((event) => [event.id, event]));
    return invites
      .filter((invite) => keep(eventById.get(invite.eventId)))
      .map((invite) => {
        const inviter = people.get(invite.inviterId);
        const teamName = teamById.get(invite.teamId)?.name ?? '';
        const event = { _id: invite.eventId, name: eventById.get(invite.eventId)?.name ?? '' };
        return {
          _id: invite.id,
          isRead: invite.isRead,
          message: this.invites.messageFor(inviter?.name ?? '', teamName, event.name),
          createdAt: invite.createdAt.toISOString(),
          expiresAt: invite.expiresAt.toISOString(),
          status: this.invites.statusAt(invite, now),
          inviterId: { _id: invite.inviterId, name: inviter?.name ?? '', email: inviter?.email ?? '' },
          teamId: { _id: invite.teamId, teamName, eventId: event },
          eventId: event,
        };
      });
  }

  async teamDetails(teamIds: string[]): Promise<Map<string, TeamDetails>> {
    const rosters = (await this.teams.rostersOf(teamIds)).map(({ team, members }) => ({ team, members: inTeamOrder(team, members) }));
    const people = await this.namesOf(rosters.flatMap(({ members }) => members.flatMap((member) => (member.userId ? [member.userId] : []))));
    const person = (id: string) => people.get(id);
    return new Map(
      rosters.map(({ team, members }) => {
        const leader = person(team.leaderId);
        const details: TeamDetails = {
          teamName: team.name,
          leader: { _id: team.leaderId, name: leader?.name ?? '', rollNumber: leader?.rollNumber ?? null, dept: leader?.dept ?? null },
          members: members.map((member) => {
            const account = member.userId ? person(member.userId) : undefined;
            return {
              _id: member.userId,
              name: account?.name ?? member.name ?? '',
              rollNumber: account?.rollNumber ?? null,
              dept: account?.dept ?? member.branch ?? null,
              joinedAt: member.joinedAt.toISOString(),
            };
          }),
        };
        return [team.id, details];
      }),
    );
  }

  private async namesOf(ids: string[]): Promise<Map<string, UserRow>> {
    return new Map((await this.users.findByIds([...new Set(ids)])).map((user) => [user.id, user]));
  }
}
