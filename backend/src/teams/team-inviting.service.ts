import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../common/clock.js';
import { participantRefusal, uniqueConflict } from '../common/conflicts.js';
import type { SessionUser } from '../common/session-user.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { EventRow } from '../database/schema/events.js';
import type { InviteRow } from '../database/schema/invites.js';
import type { TeamRow } from '../database/schema/teams.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { INVITES_PER_RECIPIENT_PER_HOUR, InvitesService } from '../invites/invites.service.js';
import { UsersService } from '../users/users.service.js';
import { genderRefusal } from './gender-rule.js';
import { TeamAnswers } from './team-answers.js';
import { isInvitable, LEADER_ONLY, NOT_INVITABLE, TeamRules } from './team-rules.js';
import type { InviteOutcome, InviteRefusal, InviteResponse, TeamResponse } from './team.response.js';
import { TEAM_CONSTRAINTS, TeamsRepository } from './teams.repository.js';

const INVITE_NOT_FOUND = 'Invite not found';
const INVALID_INVITE = 'Invalid or expired invite';

/** The invite was no longer pending when an answer reached it; the reason is read after its transaction. */
class InviteNotLive extends Error {}

/**
 * Inviting classmates to a team and answering the invites: invite, accept or decline, the
 * leader's cancel, the bell. Every change locks the team's row first, so members plus pending
 * invites never pass the event's largest team.
 */
@Injectable()
export class TeamInvitingService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly rules: TeamRules,
    private readonly answers: TeamAnswers,
    private readonly invites: InvitesService,
    private readonly events: EventsService,
    private readonly users: UsersService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
  ) {}

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
      const team = await this.rules.lockOwnTeam(leader, teamId, tx, LEADER_ONLY);
      const event = await this.events.getRow(team.eventId, tx);
      this.rules.requireOpenForTeams(event, now);
      await this.rules.requireGenderPlace(event, team, 'Cannot invite members!', tx);
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
      team: await this.answers.toResponse(outcome.team, now),
    };
  }

  /**
   * The inviting steps once the team is locked: with it locked, members plus pending invites never
   * pass the event's largest team, and under the sender's lock no classmate gets more of the
   * leader's invitations an hour than INVITES_PER_RECIPIENT_PER_HOUR. `label` names a refused
   * invitee in the answer (the group form names them by the e-mail the leader typed).
   */
  async inviteLocked(
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
    const genderMismatch = genderRefusal(event, team, invitee, name);
    if (genderMismatch) return genderMismatch;
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
    const [response] = await this.answers.toInviteResponses([invite], this.clock.now());
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
    this.rules.requireOpenForTeams(event, now);
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
        // The gender the invite was checked with may have changed since: read again, and held
        // until the membership commits, so a change of it waits for the membership and then sees it.
        const student = await this.users.readAndHold(user.id, tx);
        const genderMismatch = student && genderRefusal(event, locked, student, 'You');
        if (genderMismatch) throw new ConflictException(genderMismatch);
        await this.invites.lockLiveOf(user.id, locked.eventId, now, tx);
        if (!(await this.invites.answer(invite, 'accepted', now, tx))) throw new InviteNotLive();
        try {
          await this.teams.insertMember({ teamId: locked.id, eventId: locked.eventId, userId: user.id, joinedAt: now }, tx);
        } catch (error) {
          const message = `You are already in a team for ${event.name}. Leave it to join another.`;
          throw participantRefusal(error) ?? uniqueConflict(error, { [TEAM_CONSTRAINTS.oneTeamPerEvent]: { message } }) ?? error;
        }
        await this.invites.withdrawOthers(user.id, locked.eventId, invite.id, tx);
        return locked;
      })
      .catch(async (error: unknown) => {
        throw error instanceof InviteNotLive ? await this.notAnswerable(invite, now) : error;
      });
    return { message: 'Successfully joined the team!', team: await this.answers.toResponse(team, now) };
  }

  /** The leader withdraws a pending invite of their unregistered team. */
  async cancelInvite(leader: SessionUser, inviteId: string): Promise<{ message: string }> {
    const invite = await this.invites.findById(inviteId);
    if (!invite) throw new NotFoundException(INVITE_NOT_FOUND);
    const now = this.clock.now();
    await this.database.transaction(async (tx) => {
      await this.rules.lockOwnTeam(leader, invite.teamId, tx, 'Only the team leader can cancel its invites.', INVITE_NOT_FOUND);
      if (!(await this.invites.cancel(invite.id, now, tx))) throw new ConflictException('This invite is no longer pending.');
    });
    return { message: 'Invite cancelled successfully' };
  }

  /**
   * The bell's invitations: those still waiting for an answer at the festival now open. A closed
   * festival's invitations stop with it (answering one is refused anyway: its event takes no team).
   */
  async notifications(user: SessionUser): Promise<InviteResponse[]> {
    const now = this.clock.now();
    const ofOpenFestival = (event: EventRow | undefined) => event !== undefined && this.events.isOfOpenEdition(event);
    return this.answers.toInviteResponses(await this.invites.liveFor(user.id, now), now, ofOpenFestival);
  }

  async markRead(user: SessionUser, inviteId: string): Promise<void> {
    if (!(await this.invites.markRead(inviteId, user.id))) throw new NotFoundException(INVITE_NOT_FOUND);
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
}
