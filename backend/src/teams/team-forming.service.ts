import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { participantRefusal, uniqueConflict } from '../common/conflicts.js';
import { administersClub } from '../common/permissions.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { TeamRow } from '../database/schema/teams.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { InvitesService } from '../invites/invites.service.js';
import { type RegistrationResponse, toRegistrationResponse } from '../registrations/registration.response.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { UsersService } from '../users/users.service.js';
import { genderLimit } from './gender-rule.js';
import { TeamAnswers } from './team-answers.js';
import { TeamInvitingService } from './team-inviting.service.js';
import { DEFAULT_MIN_TEAM_SIZE, isInvitable, LEADER_ONLY, REGISTERED, TEAM_NOT_FOUND, TeamRules, teamSizeRefusal } from './team-rules.js';
import type { GenderCount, GenderStats, InviteOutcome, TeamResponse } from './team.response.js';
import type { GroupRegistrationDto } from './teams.dto.js';
import { TEAM_CONSTRAINTS, TeamsRepository } from './teams.repository.js';

const ALREADY_IN_A_TEAM = 'You already have a team for this event. Please discard your current team to form a new one.';

/** What makes a team someone's business: leading it, being in it, or holding its pending invite. */
type Relation = 'leader' | 'member' | 'invitee' | 'none';

/**
 * Forming a team and seeing it: create (with invites, or from the group form), leave, discard,
 * and the views of teams (the team manager, an event's teams, gender places, My Registrations).
 * Every change of a team locks its row first; "one team per student per event" is the
 * team_members unique pair.
 */
@Injectable()
export class TeamFormingService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly rules: TeamRules,
    private readonly answers: TeamAnswers,
    private readonly inviting: TeamInvitingService,
    private readonly invites: InvitesService,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly users: UsersService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  async create(leader: SessionUser, eventId: string, teamName: string): Promise<{ message: string; team: TeamResponse }> {
    const now = this.clock.now();
    const event = await this.rules.teamEvent(eventId, now);
    const team = await this.database.transaction(async (tx) => {
      const gender = await this.leaderGender(event, leader, tx);
      return this.insertTeam({ eventId: event.id, name: teamName, leaderId: leader.id, gender, createdAt: now }, event, tx);
    });
    return { message: `Team "${team.name}" created successfully!`, team: await this.answers.toResponse(team, now) };
  }

  async createWithInvites(
    leader: SessionUser,
    eventId: string,
    teamName: string,
    userIds: string[],
  ): Promise<{ message: string; team: TeamResponse; invites: InviteOutcome }> {
    const { message, team } = await this.create(leader, eventId, teamName);
    const { invites, team: invited } = await this.inviting.invite(leader, team._id, userIds, { keepGoing: true });
    return { message, team: invited, invites };
  }

  async leave(member: SessionUser, teamId: string): Promise<{ message: string }> {
    await this.database.transaction(async (tx) => {
      const team = await this.teams.lock(teamId, tx);
      if (!team) throw new NotFoundException(TEAM_NOT_FOUND);
      if (team.leaderId === member.id) throw new BadRequestException('The team leader cannot leave the team. Discard it instead.');
      if (team.registeredAt) throw new ConflictException(REGISTERED);
      if (!(await this.teams.deleteMember(team.id, member.id, tx))) throw new NotFoundException(TEAM_NOT_FOUND);
    });
    return { message: 'Left team successfully!' };
  }

  async discard(leader: SessionUser, teamId: string): Promise<{ message: string }> {
    await this.database.transaction(async (tx) => {
      await this.rules.lockOwnTeam(leader, teamId, tx, 'Only the team leader can discard the team.');
      await this.teams.delete(teamId, tx);
    });
    return { message: 'Team discarded successfully!' };
  }

  /**
   * The enrolment page's group form: forms the signed-in leader's team and invites every listed
   * member, in one transaction, with the team manager's invitation and rules. Listing someone
   * never registers them: the leader registers the team once enough have accepted. Each member
   * must be a verified student's account of the year and branch listed; a refusal names the member by the e-mail the leader
   * typed, never by the account's name, and nothing is formed or sent.
   */
  async formListed(leader: SessionUser, form: GroupRegistrationDto): Promise<{ message: string; team: TeamResponse }> {
    if (form.teamLeaderId !== leader.id || form.teamLeadEmail !== leader.email) throw new ForbiddenException(LEADER_ONLY);
    if (form.teamLeadName.toLowerCase() !== leader.name.trim().toLowerCase()) throw new ForbiddenException(LEADER_ONLY);
    const emails = form.members.map((member) => member.email);
    if (new Set(emails).size !== emails.length) throw new BadRequestException('Each member must have a different e-mail address.');
    if (emails.includes(leader.email)) throw new BadRequestException('List the other members only: you are the team lead.');
    const now = this.clock.now();
    const event = await this.rules.teamEvent(form.eventId, now);
    const size = form.members.length + 1;
    if (teamSizeRefusal(event, size)) {
      const minimum = event.minTeamSize ?? DEFAULT_MIN_TEAM_SIZE;
      throw new BadRequestException(`Teams for ${event.name} have ${minimum} to ${event.maxTeamSize ?? 'any number of'} members, the team lead included.`);
    }
    const accounts = new Map((await this.users.findByEmails(emails)).map((user) => [user.email, user]));
    const unknown = emails.find((email) => !isInvitable(accounts.get(email)));
    if (unknown) throw new BadRequestException(`No verified student account uses ${unknown}. Ask them to sign up first, or take them off the list.`);
    // The member search already shows any student a classmate's department and year, so checking
    // the listed ones tells the leader nothing new; it catches the wrong classmate's address.
    const misdescribed = form.members.find(({ email, year, branch }) => {
      const account = accounts.get(email) as UserRow;
      return account.dept !== branch || account.year !== year;
    });
    if (misdescribed) {
      throw new BadRequestException(
        `The year and branch listed for ${misdescribed.email} are not those of that account. Check them with your classmate, or the address.`,
      );
    }
    const invitees = emails.map((email) => accounts.get(email) as UserRow);
    const team = await this.database.transaction(async (tx) => {
      const gender = await this.leaderGender(event, leader, tx);
      const created = await this.insertTeam({ eventId: event.id, name: `${leader.name}'s team`, leaderId: leader.id, gender, createdAt: now }, event, tx);
      const { errors } = await this.inviting.inviteLocked({ leader, team: created, event, invitees, now }, tx, (invitee) => invitee.email);
      if (errors.length > 0) throw new ConflictException(errors[0].message);
      return created;
    });
    return {
      message: `Team "${team.name}" formed: invitations sent to ${invitees.length} member(s). Register the team once they have accepted.`,
      team: await this.answers.toResponse(team, now),
    };
  }

  // ---- reading ----

  async get(user: SessionUser, teamId: string): Promise<TeamResponse> {
    const now = this.clock.now();
    const team = await this.teams.findById(teamId);
    if (!team) throw new NotFoundException(TEAM_NOT_FOUND);
    const event = await this.events.getRow(team.eventId);
    if (!administersClub(user, event.clubInCharge) && (await this.relation(user, team, now)) === 'none') throw new NotFoundException(TEAM_NOT_FOUND);
    return this.answers.toResponse(team, now);
  }

  async mine(user: SessionUser): Promise<TeamResponse[]> {
    return this.answers.toResponses(await this.teams.teamsOf(user.id), this.clock.now());
  }

  /** A student's own teams of the event; its club's admins and the super admin see all of them. */
  async ofEvent(user: SessionUser, eventId: string): Promise<TeamResponse[]> {
    const event = await this.events.getRow(eventId);
    const now = this.clock.now();
    if (user.role === 'student') return this.answers.toResponses(await this.teams.teamsOf(user.id, event.id), now);
    if (!administersClub(user, event.clubInCharge)) throw new ForbiddenException("You can only see the teams of your club's events.");
    return this.answers.toResponses(await this.teams.findByEvent(event.id), now);
  }

  async genderStats(eventId: string): Promise<{ hasGenderBasedTeams: boolean; stats: GenderStats | null }> {
    const event = await this.events.getRow(eventId);
    if (!event.hasGenderBasedTeams) return { hasGenderBasedTeams: false, stats: null };
    const registered = await this.teams.registeredByGender(event.id);
    const count = (gender: 'Male' | 'Female'): GenderCount => {
      const max = genderLimit(event, gender);
      const taken = registered[gender] ?? 0;
      return { registered: taken, remaining: max === null ? null : Math.max(max - taken, 0), max };
    };
    return { hasGenderBasedTeams: true, stats: { boyTeams: count('Male'), girlTeams: count('Female') } };
  }

  /** My Registrations: the student's registrations, a team's with its name, leader and members. */
  async registrationsOf(userId: string): Promise<RegistrationResponse[]> {
    const entries = await this.registrations.registrationsOf(userId);
    const teamIds = [...new Set(entries.flatMap(({ registration }) => (registration.teamId ? [registration.teamId] : [])))];
    const details = await this.answers.teamDetails(teamIds);
    return entries.map(({ registration, event }) =>
      toRegistrationResponse(registration, event, (registration.teamId && details.get(registration.teamId)) || null, !this.events.isOfOpenEdition(event)),
    );
  }

  /**
   * The new team's gender: its leader's, read in the forming transaction and held until it commits
   * (`UsersService.readAndHold`), so a change of the leader's gender waits for the team and then
   * finds them leading it, or the team waits for the change and takes the new gender.
   */
  private async leaderGender(event: EventRow, leader: SessionUser, tx: Executor): Promise<UserRow['gender']> {
    return this.rules.teamGender(event, (await this.users.readAndHold(leader.id, tx)) ?? leader, tx);
  }

  /** A new team led by its leader, its only member so far; a taken name or a leader already in a team is a 409. */
  private async insertTeam(
    team: { eventId: string; name: string; leaderId: string; gender: UserRow['gender']; createdAt: Date },
    event: EventRow,
    tx: Executor,
  ): Promise<TeamRow> {
    try {
      return await this.teams.insertWithMembers(team, [{ userId: team.leaderId, joinedAt: team.createdAt }], tx);
    } catch (error) {
      throw (
        participantRefusal(error) ??
        uniqueConflict(error, {
          [TEAM_CONSTRAINTS.oneTeamPerEvent]: { message: ALREADY_IN_A_TEAM },
          [TEAM_CONSTRAINTS.nameTaken]: {
            message: `A team named "${team.name}" already exists for ${event.name}. Please choose another name.`,
            field: 'teamName',
          },
        }) ??
        error
      );
    }
  }

  private async relation(user: SessionUser, team: TeamRow, now: Date): Promise<Relation> {
    if (team.leaderId === user.id) return 'leader';
    const members = await this.teams.membersOf([team.id]);
    if (members.some((member) => member.userId === user.id)) return 'member';
    return (await this.invites.teamsInviting(user.id, now)).includes(team.id) ? 'invitee' : 'none';
  }
}
