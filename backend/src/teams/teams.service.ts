import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { staffParticipantRefusal, uniqueConflict } from '../common/conflicts.js';
import { administersClub } from '../common/permissions.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { InviteRow } from '../database/schema/invites.js';
import type { TeamMemberRow, TeamRow } from '../database/schema/teams.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService, type SeatClaimKind } from '../events/events.service.js';
import { INVITES_PER_RECIPIENT_PER_HOUR, InvitesService } from '../invites/invites.service.js';
import { type RegistrationResponse, type TeamDetails, toRegistrationResponse } from '../registrations/registration.response.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { UsersService } from '../users/users.service.js';
import { appliesGenderRule, genderLimit, genderLimitReached, genderWord, teamGenderWord } from './gender-rule.js';
import type { GenderCount, GenderStats, InviteOutcome, InviteRefusal, InviteResponse, TeamResponse } from './team.response.js';
import type { GroupRegistrationDto } from './teams.dto.js';
import { TEAM_CONSTRAINTS, TeamsRepository } from './teams.repository.js';

/** Student-side §3: a team registers with at least 2 members unless its event says otherwise. */
const DEFAULT_MIN_TEAM_SIZE = 2;

const ALREADY_IN_A_TEAM = 'You already have a team for this event. Please discard your current team to form a new one.';
const TEAM_NOT_FOUND = 'Team not found';
const INVITE_NOT_FOUND = 'Invite not found';
const INVALID_INVITE = 'Invalid or expired invite';
const LEADER_ONLY = 'Only the team leader can register and invite members.';
const REGISTERED = 'This team is registered: its members and invites can no longer change.';
const NOT_INVITABLE = 'Only verified students can be invited.';

/** Only a verified student's account can be invited to a team (or listed on the group form). */
const isInvitable = (user: UserRow | undefined): user is UserRow => user !== undefined && user.role === 'student' && user.isVerified;

/**
 * The one home of the team-size rule: why a team of `size` members (its leader included) cannot
 * register for the event now; nothing when it can. Checked when a team registers (from the team
 * manager or a waitlist offer); inviting and accepting keep a team within the largest size.
 */
function teamSizeRefusal(event: EventRow, size: number): string | undefined {
  const minimum = event.minTeamSize ?? DEFAULT_MIN_TEAM_SIZE;
  if (size < minimum) return `A team needs at least ${minimum} members to register for ${event.name}.`;
  if (event.maxTeamSize !== null && size > event.maxTeamSize) {
    return `A team has at most ${event.maxTeamSize} members in ${event.name}: this one has ${size}. A member must leave before it registers.`;
  }
  return undefined;
}

/** The team's members, the leader first, then in the order they joined. */
function inTeamOrder(team: TeamRow, members: TeamMemberRow[]): TeamMemberRow[] {
  const own = members.filter((member) => member.teamId === team.id);
  return [...own.filter((member) => member.userId === team.leaderId), ...own.filter((member) => member.userId !== team.leaderId)];
}

/** Why a team could not register now, and whether that lasts (waiting, or its leader acting, would not mend it). */
export interface TeamRefusal {
  message: string;
  lasting: boolean;
}

/** The invite was no longer pending when an answer reached it; the reason is read after its transaction. */
class InviteNotLive extends Error {}

/** What makes a team someone's business: leading it, being in it, or holding its pending invite. */
type Relation = 'leader' | 'member' | 'invitee' | 'none';

/**
 * Teams and their invitations: forming a team, inviting classmates, answering invites, leaving,
 * discarding, and registering the team under one seat. Every change of a team locks its row
 * first, so its size rule and its registration are decided one at a time; "one team per student
 * per event" is the team_members unique pair; the seat and the gender limit are taken in the
 * registering transaction by single conditional statements.
 */
@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly invites: InvitesService,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly users: UsersService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

  // ---- forming a team ----

  async create(leader: SessionUser, eventId: string, teamName: string): Promise<{ message: string; team: TeamResponse }> {
    const now = this.clock.now();
    const event = await this.teamEvent(eventId, now);
    const gender = await this.teamGender(event, leader);
    const team = await this.database.transaction((tx) =>
      this.insertTeam({ eventId: event.id, name: teamName, leaderId: leader.id, gender, createdAt: now }, event, tx),
    );
    return { message: `Team "${team.name}" created successfully!`, team: await this.toResponse(team, now) };
  }

  async createWithInvites(leader: SessionUser, eventId: string, teamName: string, userIds: string[]) {
    const { message, team } = await this.create(leader, eventId, teamName);
    const { invites, team: invited } = await this.invite(leader, team._id, userIds, { keepGoing: true });
    return { message, team: invited, invites };
  }

  // ---- invitations ----

  /**
   * Invites students to the leader's team: each valid invitee gets an invite and its e-mail, each
   * refused one a reason. When nobody could be invited the answer is a 409 with the first
   * reason, unless `keepGoing` (the team was just created and stays).
   */
  async invite(
    leader: SessionUser,
    teamId: string,
    userIds: string[],
    { keepGoing = false } = {},
  ): Promise<{ message: string; invites: InviteOutcome; team: TeamResponse }> {
    const now = this.clock.now();
    const outcome = await this.database.transaction(async (tx) => {
      const team = await this.lockOwnTeam(leader, teamId, tx, LEADER_ONLY);
      const event = await this.events.getRow(team.eventId, tx);
      this.requireOpenForTeams(event, now);
      await this.requireGenderPlace(event, team, 'Cannot invite members!', tx);
      // In the order asked: the team's last places go to the first named, and the refusals read in that order.
      const wanted = [...new Set(userIds)];
      const byId = new Map((await this.users.findByIds(wanted, tx)).map((user) => [user.id, user]));
      const invitees = wanted.flatMap((userId) => byId.get(userId) ?? []);
      const unknown = wanted.filter((userId) => !byId.has(userId)).map((userId) => ({ userId, message: NOT_INVITABLE }));
      const { sent, errors } = await this.inviteLocked({ leader, team, event, invitees, now }, tx);
      const refused = [...unknown, ...errors].sort((a, b) => wanted.indexOf(a.userId) - wanted.indexOf(b.userId));
      if (sent === 0 && !keepGoing) throw new ConflictException({ message: refused[0]?.message ?? 'Nobody was invited.' });
      return { sent, errors: refused, team };
    });
    return {
      message: `Successfully invited ${outcome.sent} user(s)!`,
      invites: { sent: outcome.sent, errors: outcome.errors },
      team: await this.toResponse(outcome.team, now),
    };
  }

  /**
   * The inviting steps once the team is locked: with it locked, members plus pending invites never
   * pass the event's largest team, and under the sender's lock no classmate gets more of the
   * leader's invitations an hour than INVITES_PER_RECIPIENT_PER_HOUR. `label` names a refused
   * invitee in the answer (the group form names them by the e-mail the leader typed).
   */
  private async inviteLocked(
    { leader, team, event, invitees, now }: { leader: SessionUser; team: TeamRow; event: EventRow; invitees: UserRow[]; now: Date },
    tx: Executor,
    label: (invitee: UserRow) => string = (invitee) => invitee.name,
  ): Promise<{ sent: number; errors: InviteRefusal[] }> {
    const ids = invitees.map((invitee) => invitee.id);
    // One connection runs one statement at a time: the reads go one after the other.
    const members = await this.teams.membersOf([team.id], tx);
    const pending = new Set((await this.invites.liveForTeams([team.id], now, tx)).map((invite) => invite.inviteeId));
    const inTeams = await this.teams.inTeamForEvent(event.id, ids, tx);
    const overLimit = await this.invites.overRecipientLimit(leader.id, ids, now, tx);
    let places = event.maxTeamSize === null ? Number.POSITIVE_INFINITY : event.maxTeamSize - members.length - pending.size;
    const accepted: UserRow[] = [];
    const errors: InviteRefusal[] = [];
    for (const invitee of invitees) {
      const refusal = this.inviteRefusal(invitee, { leader, team, event, pending, inTeams, overLimit, full: places <= 0 }, label(invitee));
      if (refusal) errors.push({ userId: invitee.id, message: refusal });
      else {
        accepted.push(invitee);
        places -= 1;
      }
    }
    await this.invites.send({ team, eventName: event.name, inviter: leader, invitees: accepted }, now, tx);
    return { sent: accepted.length, errors };
  }

  /** Why this student cannot be invited to the team, naming them as `name`; nothing when they can. */
  private inviteRefusal(
    invitee: UserRow,
    context: { leader: SessionUser; team: TeamRow; event: EventRow; pending: Set<string>; inTeams: Set<string>; overLimit: Set<string>; full: boolean },
    name: string,
  ): string | undefined {
    const { leader, team, event, pending, inTeams, overLimit, full } = context;
    if (!isInvitable(invitee)) return NOT_INVITABLE;
    if (invitee.id === leader.id) return 'You are already in this team.';
    if (inTeams.has(invitee.id)) return `${name} is already in a team for ${event.name}.`;
    if (pending.has(invitee.id)) return `${name} already has a pending invite from your team.`;
    if (appliesGenderRule(event) && invitee.gender !== team.gender) {
      return `This is a gender-based event. ${name} (${genderWord(invitee.gender)}) cannot join a ${genderWord(team.gender)} team in ${event.name}`;
    }
    if (full) return `The team is full: ${event.maxTeamSize} members at most, pending invites included.`;
    if (overLimit.has(invitee.id)) {
      return `${name} has had ${INVITES_PER_RECIPIENT_PER_HOUR} invitations from you in the last hour. Please wait before inviting them again.`;
    }
    return undefined;
  }

  /** The invite an e-mailed link names, for its invitee (the invite page). */
  async inviteByToken(user: SessionUser, token: string): Promise<InviteResponse> {
    const invite = await this.invites.findByToken(token);
    if (!invite) throw new NotFoundException(INVALID_INVITE);
    if (invite.inviteeId !== user.id) throw new ForbiddenException('This invite was sent to another account. Sign in as its recipient to answer it.');
    const [response] = await this.toInviteResponses([invite], this.clock.now());
    return response;
  }

  /** Accepts or declines an invite named by its id (the bell) or its link's token (the invite page). */
  async respond(user: SessionUser, idOrToken: string, answer: 'accept' | 'decline'): Promise<{ message: string; team?: TeamResponse }> {
    const invite = await this.ownInvite(user, idOrToken);
    const now = this.clock.now();
    if (answer === 'decline') {
      const declined = await this.database.transaction((tx) => this.invites.answer(invite, 'declined', now, tx));
      if (!declined) throw await this.notAnswerable(invite, now);
      return { message: 'Invite declined' };
    }
    const event = await this.events.getRow(invite.eventId);
    this.requireOpenForTeams(event, now);
    const team = await this.database
      .transaction(async (tx) => {
        const locked = await this.teams.lock(invite.teamId, tx);
        // A discarded team takes its invites with it; a registered one has withdrawn them.
        if (!locked) throw new ConflictException('This team no longer exists.');
        if (locked.registeredAt) throw new ConflictException('This team has already registered.');
        // The event's largest team may have shrunk since the invite was sent.
        if (event.maxTeamSize !== null && (await this.teams.membersOf([locked.id], tx)).length >= event.maxTeamSize) {
          throw new ConflictException(`This team is full: teams in ${event.name} have at most ${event.maxTeamSize} members.`);
        }
        await this.invites.lockLiveOf(user.id, locked.eventId, now, tx);
        if (!(await this.invites.answer(invite, 'accepted', now, tx))) throw new InviteNotLive();
        try {
          await this.teams.insertMember({ teamId: locked.id, eventId: locked.eventId, userId: user.id, joinedAt: now }, tx);
        } catch (error) {
          const message = `You are already in a team for ${event.name}. Leave it to join another.`;
          throw staffParticipantRefusal(error) ?? uniqueConflict(error, { [TEAM_CONSTRAINTS.oneTeamPerEvent]: { message } }) ?? error;
        }
        await this.invites.withdrawOthers(user.id, locked.eventId, invite.id, tx);
        return locked;
      })
      .catch(async (error: unknown) => {
        throw error instanceof InviteNotLive ? await this.notAnswerable(invite, now) : error;
      });
    return { message: 'Successfully joined the team!', team: await this.toResponse(team, now) };
  }

  /** The leader withdraws a pending invite of their unregistered team. */
  async cancelInvite(leader: SessionUser, inviteId: string): Promise<{ message: string }> {
    const invite = await this.invites.findById(inviteId);
    if (!invite) throw new NotFoundException(INVITE_NOT_FOUND);
    const now = this.clock.now();
    await this.database.transaction(async (tx) => {
      await this.lockOwnTeam(leader, invite.teamId, tx, 'Only the team leader can cancel its invites.', INVITE_NOT_FOUND);
      if (!(await this.invites.cancel(invite.id, now, tx))) throw new ConflictException('This invite is no longer pending.');
    });
    return { message: 'Invite cancelled successfully' };
  }

  async notifications(user: SessionUser): Promise<InviteResponse[]> {
    const now = this.clock.now();
    return this.toInviteResponses(await this.invites.liveFor(user.id, now), now);
  }

  async markRead(user: SessionUser, inviteId: string): Promise<void> {
    if (!(await this.invites.markRead(inviteId, user.id))) throw new NotFoundException(INVITE_NOT_FOUND);
  }

  // ---- leaving, discarding, registering ----

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
      await this.lockOwnTeam(leader, teamId, tx, 'Only the team leader can discard the team.');
      await this.teams.delete(teamId, tx);
    });
    return { message: 'Team discarded successfully!' };
  }

  /**
   * Registers the leader's team: one transaction that locks the team, takes a place of its
   * gender (where limited) and one seat with a registration per member, marks it registered and
   * withdraws the invites its registration makes pointless.
   */
  async register(leader: SessionUser, teamId: string): Promise<{ message: string; team: TeamResponse }> {
    const now = this.clock.now();
    await this.refuseEarlyWhenClosed(leader, teamId, now);
    const { team, event, members } = await this.database.transaction(async (tx) => {
      const locked = await this.lockOwnTeam(leader, teamId, tx, LEADER_ONLY);
      // One connection runs one statement at a time: the two reads go one after the other.
      const event = await this.events.getRow(locked.eventId, tx);
      const members = await this.teams.membersOf([locked.id], tx);
      const refusal = teamSizeRefusal(event, members.length);
      if (refusal) throw new ConflictException(refusal);
      return { team: await this.registerLocked(locked, event, members, now, tx), event, members };
    });
    return { message: 'Team registered successfully!', team: await this.registeredResponse(team, event, members) };
  }

  /**
   * In a rush most leaders arrive after the seats are gone: the shared event list (at most
   * EVENT_LIST_CACHE_MS old) already says so, and their leader is told without a transaction,
   * as a solo registration is. A seat a club admin frees by a rejection refreshes this
   * instance's list at once; another instance's list may say "full" for up to that period.
   */
  private async refuseEarlyWhenClosed(leader: SessionUser, teamId: string, now: Date): Promise<void> {
    const team = await this.teams.findById(teamId);
    if (!team || team.leaderId !== leader.id || team.registeredAt) return;
    const closed = this.events.closedReason(await this.events.getListed(team.eventId), now);
    if (closed) throw new ConflictException(closed);
  }

  /**
   * The registering steps once the team is locked (or was just created by the group form); a
   * `held` claim takes the seat held for the team's waitlist offer instead of a free one. Answers
   * the registered team.
   */
  private async registerLocked(
    team: TeamRow,
    event: EventRow,
    members: TeamMemberRow[],
    now: Date,
    tx: Executor,
    claim: SeatClaimKind = 'free',
  ): Promise<TeamRow> {
    const accounts = members.flatMap((member) => (member.userId ? [member.userId] : []));
    const closed = this.events.closedReason(event, now, claim);
    if (closed) throw new ConflictException(closed);
    // The team's own rows first; the rows every registering team waits for (its members' locks
    // of the festival rules, its gender's count, the event's seats) last, in that order, so
    // their locks are held from the claim to the commit only.
    const registered = await this.teams.markRegistered(team.id, now, tx);
    await this.invites.withdrawForRegisteredTeam(team.id, event.id, accounts, tx);
    await this.registrations.registerParticipants(event, accounts, {
      now,
      alreadyRegistered: `A member of this team is already registered for ${event.name}.`,
      executor: tx,
      teamId: team.id,
      callerId: team.leaderId,
      beforeSeat: () => this.claimGenderPlace(event, team, tx),
      claim,
    });
    return registered;
  }

  /** A place among the event's teams of the team's gender, where the event limits them. */
  private async claimGenderPlace(event: EventRow, team: TeamRow, tx: Executor): Promise<void> {
    if (!team.gender) return;
    const max = genderLimit(event, team.gender);
    if (max !== null && !(await this.teams.claimGenderPlace(event.id, team.gender, max, tx))) {
      throw new ConflictException(genderLimitReached('Cannot register team!', max, team.gender, event.name));
    }
  }

  // ---- the waitlist's steps (waitlist/ takes the locks in registering's order: the team, its
  // members' festival-rule locks, its gender's counts, then the seats) ----

  /** The team, locked until the caller's transaction ends (the first lock of every change of a team). */
  lock(teamId: string, executor: Executor): Promise<TeamRow | undefined> {
    return this.teams.lock(teamId, executor);
  }

  /** The ids of the team's members who have accounts (the students its registration is for), read in the caller's transaction. */
  async memberIds(teamId: string, executor: Executor): Promise<string[]> {
    return (await this.teams.membersOf([teamId], executor)).flatMap((member) => (member.userId ? [member.userId] : []));
  }

  /**
   * Why the team, as it is now, could not register for the event, in registering's words: too
   * few members (its leader can invite more: not `lasting`), or its gender's teams all
   * registered (only another team's cancel would mend it: `lasting`). Nothing when it could.
   */
  async registrationRefusal(team: TeamRow, event: EventRow, executor: Executor): Promise<TeamRefusal | undefined> {
    const members = await this.teams.membersOf([team.id], executor);
    const sizeRefusal = teamSizeRefusal(event, members.length);
    if (sizeRefusal) return { message: sizeRefusal, lasting: false };
    const max = team.gender ? genderLimit(event, team.gender) : null;
    if (team.gender && max !== null && ((await this.teams.registeredByGender(event.id, executor))[team.gender] ?? 0) >= max) {
      return { message: genderLimitReached('Cannot register team!', max, team.gender, event.name), lasting: true };
    }
    return undefined;
  }

  /**
   * Registers a locked team with the seat held for its waitlist offer, as `register` does with a
   * free one (size, gender place, a registration per member); the caller has locked the team,
   * its members' festival-rule locks, the gender counts and the seats, in that order.
   */
  async registerWithHeldSeat(team: TeamRow, event: EventRow, now: Date, tx: Executor): Promise<void> {
    const refusal = await this.registrationRefusal(team, event, tx);
    if (refusal) throw new ConflictException(refusal.message);
    await this.registerLocked(team, event, await this.teams.membersOf([team.id], tx), now, tx, 'held');
  }

  /**
   * A cancelled team's registration: the team stays, with its members, unregistered, and gives
   * back its gender's place. The caller locked the team and the gender counts before the seats.
   */
  async unregister(team: TeamRow, executor: Executor): Promise<void> {
    await this.teams.releaseGenderPlaces(team.eventId, [team.id], executor);
    await this.teams.markUnregistered(team.id, executor);
  }

  /** Whether the student is a member of the team (leading it or not), read in the caller's transaction. */
  async hasMember(teamId: string, userId: string, executor: Executor): Promise<boolean> {
    return (await this.teams.membersOf([teamId], executor)).some((member) => member.userId === userId);
  }

  /** The ids of the teams the student belongs to, leading or not. */
  async teamIdsOf(userId: string): Promise<string[]> {
    return (await this.teams.teamsOf(userId)).map((team) => team.id);
  }

  /**
   * The enrolment page's group form: forms the signed-in leader's team and invites every listed
   * member, in one transaction, with the team manager's invitation and rules. Listing someone
   * never registers them: the leader registers the team once enough have accepted. Each member
   * must be a verified student's account; a refusal names the member by the e-mail the leader
   * typed, never by the account's name, and nothing is formed or sent.
   */
  async formListed(leader: SessionUser, form: GroupRegistrationDto): Promise<{ message: string; team: TeamResponse }> {
    if (form.teamLeaderId !== leader.id || form.teamLeadEmail !== leader.email) throw new ForbiddenException(LEADER_ONLY);
    if (form.teamLeadName.toLowerCase() !== leader.name.trim().toLowerCase()) throw new ForbiddenException(LEADER_ONLY);
    const emails = form.members.map((member) => member.email);
    if (new Set(emails).size !== emails.length) throw new BadRequestException('Each member must have a different e-mail address.');
    if (emails.includes(leader.email)) throw new BadRequestException('List the other members only: you are the team lead.');
    const now = this.clock.now();
    const event = await this.teamEvent(form.eventId, now);
    const size = form.members.length + 1;
    const minimum = event.minTeamSize ?? DEFAULT_MIN_TEAM_SIZE;
    if (size < minimum || (event.maxTeamSize !== null && size > event.maxTeamSize)) {
      throw new BadRequestException(`Teams for ${event.name} have ${minimum} to ${event.maxTeamSize ?? 'any number of'} members, the team lead included.`);
    }
    const gender = await this.teamGender(event, leader);
    const accounts = new Map((await this.users.findByEmails(emails)).map((user) => [user.email, user]));
    const unknown = emails.find((email) => !isInvitable(accounts.get(email)));
    if (unknown) throw new BadRequestException(`No verified student account uses ${unknown}. Ask them to sign up first, or take them off the list.`);
    const invitees = emails.map((email) => accounts.get(email) as UserRow);
    const team = await this.database.transaction(async (tx) => {
      const created = await this.insertTeam({ eventId: event.id, name: `${leader.name}'s team`, leaderId: leader.id, gender, createdAt: now }, event, tx);
      const { errors } = await this.inviteLocked({ leader, team: created, event, invitees, now }, tx, (invitee) => invitee.email);
      if (errors.length > 0) throw new ConflictException(errors[0].message);
      return created;
    });
    return {
      message: `Team "${team.name}" formed: invitations sent to ${invitees.length} member(s). Register the team once they have accepted.`,
      team: await this.toResponse(team, now),
    };
  }

  // ---- reading ----

  async get(user: SessionUser, teamId: string): Promise<TeamResponse> {
    const now = this.clock.now();
    const team = await this.teams.findById(teamId);
    if (!team) throw new NotFoundException(TEAM_NOT_FOUND);
    const event = await this.events.getRow(team.eventId);
    if (!administersClub(user, event.clubInCharge) && (await this.relation(user, team, now)) === 'none') throw new NotFoundException(TEAM_NOT_FOUND);
    return this.toResponse(team, now);
  }

  async mine(user: SessionUser): Promise<TeamResponse[]> {
    return this.toResponses(await this.teams.teamsOf(user.id), this.clock.now());
  }

  /** A student's own teams of the event; its club's admins and the super admin see all of them. */
  async ofEvent(user: SessionUser, eventId: string): Promise<TeamResponse[]> {
    const event = await this.events.getRow(eventId);
    const now = this.clock.now();
    if (user.role === 'student') return this.toResponses(await this.teams.teamsOf(user.id, event.id), now);
    if (!administersClub(user, event.clubInCharge)) throw new ForbiddenException("You can only see the teams of your club's events.");
    return this.toResponses(await this.teams.findByEvent(event.id), now);
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
    const details = await this.teamDetails(teamIds);
    return entries.map(({ registration, event }) =>
      toRegistrationResponse(registration, event, (registration.teamId && details.get(registration.teamId)) || null),
    );
  }

  /** Whether the student is in any team, leading or not, registered or not, read in the caller's transaction. */
  isInAnyTeam(userId: string, executor: Executor): Promise<boolean> {
    return this.teams.hasMember(userId, executor);
  }

  /** Blocks forming a team (and searching for members) when the student's gender has no place left. */
  async requireGenderPlaceFor(event: EventRow, gender: UserRow['gender'], action: string): Promise<void> {
    await this.requireGenderPlace(event, { gender }, action);
  }

  // ---- for the club admins ----

  /** The teams with their members, leader first (the dashboards' team tables). */
  async rosters(teamIds: readonly string[]): Promise<{ team: TeamRow; members: TeamMemberRow[] }[]> {
    return (await this.teams.rostersOf(teamIds)).map(({ team, members }) => ({ team, members: inTeamOrder(team, members) }));
  }

  /** The teams (their names and leaders) by id, for the event day's lists; read in the caller's transaction when `executor` is given. */
  byIds(teamIds: readonly string[], executor?: Executor): Promise<TeamRow[]> {
    return this.teams.findByIds(teamIds, executor);
  }

  /** Team names by id (the approval queue groups a team's members under its name); read in the caller's transaction when `executor` is given. */
  async teamNames(teamIds: readonly string[], executor?: Executor): Promise<Map<string, string>> {
    return new Map((await this.teams.findByIds(teamIds, executor)).map((team) => [team.id, team.name]));
  }

  /**
   * Locks the event's teams before the event is deleted, in the order a team's registration
   * takes its locks (its team, then the event's seats): a registration in progress finishes
   * first and none starts, so the two never wait on each other.
   */
  lockAllOfEvent(eventId: string, executor: Executor): Promise<void> {
    return this.teams.lockAllOfEvent(eventId, executor);
  }

  /**
   * Rejecting teams of an event: first `lockGenderPlaces` (before the seats, the order a team's
   * registration takes them in), then, once rejected, `releaseGenderPlaces` gives their gender's
   * places back with their seats.
   */
  lockGenderPlaces(eventId: string, executor: Executor): Promise<void> {
    return this.teams.lockGenderPlaces(eventId, executor);
  }

  releaseGenderPlaces(eventId: string, teamIds: readonly string[], executor: Executor): Promise<void> {
    return this.teams.releaseGenderPlaces(eventId, teamIds, executor);
  }

  // ---- rules shared by the steps above ----

  /**
   * The group event a team is formed for, open for registration at `now`. A full event still
   * takes new teams: a team waits in its line as a whole, so it is formed first.
   */
  private async teamEvent(eventId: string, now: Date): Promise<EventRow> {
    const event = await this.events.getRow(eventId);
    if (event.eventType !== 'group') throw new BadRequestException(`${event.name} is not a team event. Register for it from the events page.`);
    this.requireOpenForTeams(event, now);
    return event;
  }

  /**
   * Forming, inviting and joining a team happen only while the event takes registrations (active,
   * before its deadline, after the festival's opening); a full event still does, for its waitlist.
   */
  private requireOpenForTeams(event: EventRow, now: Date): void {
    const closed = this.events.closedReason({ ...event, maxApplications: null }, now);
    if (closed) throw new ConflictException(closed);
  }

  /** The team's gender (its leader's) on events with the same-gender rule, checked against the gender's limit. */
  private async teamGender(event: EventRow, leader: SessionUser): Promise<UserRow['gender']> {
    if (!appliesGenderRule(event)) return null;
    if (teamGenderWord(leader.gender) === null) {
      throw new BadRequestException(`This is a gender-based event. Teams in ${event.name} are boys' or girls' teams, formed by a boy or a girl.`);
    }
    await this.requireGenderPlace(event, leader, 'Cannot create team!');
    return leader.gender;
  }

  private async requireGenderPlace(event: EventRow, team: { gender: UserRow['gender'] }, action: string, executor?: Executor): Promise<void> {
    if (!team.gender) return;
    const max = genderLimit(event, team.gender);
    if (max === null) return;
    const registered = (await this.teams.registeredByGender(event.id, executor))[team.gender] ?? 0;
    if (registered >= max) throw new ConflictException(genderLimitReached(action, max, team.gender, event.name));
  }

  /** Locks the team for a change only its leader makes, before it registered. */
  private async lockOwnTeam(user: SessionUser, teamId: string, tx: Executor, notLeader: string, notFound = TEAM_NOT_FOUND): Promise<TeamRow> {
    const team = await this.teams.lock(teamId, tx);
    if (!team) throw new NotFoundException(notFound);
    if (team.leaderId !== user.id) {
      const members = await this.teams.membersOf([team.id], tx);
      if (!members.some((member) => member.userId === user.id)) throw new NotFoundException(notFound);
      throw new ForbiddenException(notLeader);
    }
    if (team.registeredAt) throw new ConflictException(REGISTERED);
    return team;
  }

  /** The invite named by id or link token, if it is this student's. */
  private async ownInvite(user: SessionUser, idOrToken: string): Promise<InviteRow> {
    const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrToken);
    const invite = byId ? await this.invites.findById(idOrToken) : await this.invites.findByToken(idOrToken);
    if (!invite) throw new NotFoundException(byId ? INVITE_NOT_FOUND : INVALID_INVITE);
    if (invite.inviteeId !== user.id) {
      if (byId) throw new NotFoundException(INVITE_NOT_FOUND);
      throw new ForbiddenException('This invite was sent to another account. Sign in as its recipient to answer it.');
    }
    return invite;
  }

  /** Why an invite could not be answered: it was answered, cancelled, withdrawn or has expired. */
  private async notAnswerable(invite: InviteRow, now: Date): Promise<ConflictException> {
    const current = (await this.invites.findById(invite.id)) ?? invite;
    const status = this.invites.statusAt(current, now);
    if (status === 'expired') {
      await this.invites.expireIfDue(current, now);
      return new ConflictException('This invitation has expired.');
    }
    if (status === 'accepted' || status === 'declined') return new ConflictException(`You have already ${status} this invitation.`);
    if (status === 'cancelled') return new ConflictException('This invitation was cancelled by the team leader.');
    return new ConflictException('This invitation was withdrawn: its team registered, or you joined another team for this event.');
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
        staffParticipantRefusal(error) ??
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

  // ---- answers ----

  private async toResponse(team: TeamRow, now: Date): Promise<TeamResponse> {
    const [response] = await this.toResponses([team], now);
    return response;
  }

  private async toResponses(teams: TeamRow[], now: Date): Promise<TeamResponse[]> {
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
  private registeredResponse(team: TeamRow, event: EventRow, members: TeamMemberRow[]): Promise<TeamResponse> {
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

  private async toInviteResponses(invites: InviteRow[], now: Date): Promise<InviteResponse[]> {
    if (invites.length === 0) return [];
    const [teams, events, people] = await Promise.all([
      this.teams.findByIds([...new Set(invites.map((invite) => invite.teamId))]),
      this.events.findByIds([...new Set(invites.map((invite) => invite.eventId))]),
      this.namesOf(invites.map((invite) => invite.inviterId)),
    ]);
    const teamById = new Map(teams.map((team) => [team.id, team]));
    const eventById = new Map(events.map((event) => [event.id, event]));
    return invites.map((invite) => {
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

  private async teamDetails(teamIds: string[]): Promise<Map<string, TeamDetails>> {
    const rosters = await this.rosters(teamIds);
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
