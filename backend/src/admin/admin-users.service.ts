import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { type AuditEntry, AuditService, changedFields } from '../audit/audit.service.js';
import { SessionsService } from '../auth/sessions.service.js';
import { ClubsService } from '../clubs/clubs.service.js';
import type { PageOf, PageQuery } from '../common/pagination.js';
import type { SessionUser } from '../common/session-user.js';
import { FORBIDDEN } from '../common/session.guard.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { type RoleFields, type UserFilter, UsersService } from '../users/users.service.js';
import type { RoleChangeDto } from './admin-users.dto.js';
import {
  type AdminUserResponse,
  type ClubAdminsResponse,
  type EventNames,
  type StaffMemberResponse,
  toAdminUserResponse,
  toClubAdminsResponse,
  toStaffMemberResponse,
} from './admin-users.response.js';

const USER_NOT_FOUND = 'User not found';
const LAST_SUPER_ADMIN = 'The last super admin cannot be changed: make someone else a super admin first';
const TAKES_PART = 'This student has registrations or teams, so cannot become staff';

/**
 * The super admin's view of the accounts and their roles. The users module owns the table; this
 * service composes it with what a role change touches in other modules (sessions, registrations,
 * teams, the admin's event, the audit trail), which all sit above the users module.
 */
@Injectable()
export class AdminUsersService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
    private readonly registrations: RegistrationsService,
    private readonly teams: TeamsService,
    private readonly events: EventsService,
    private readonly audit: AuditService,
    private readonly clubs: ClubsService,
    private readonly database: DatabaseService,
  ) {}

  async list(page: PageQuery, filter: UserFilter): Promise<PageOf<AdminUserResponse>> {
    const { items, total } = await this.users.listPage(page, filter);
    const events = await this.eventNames(items);
    return { items: items.map((user) => toAdminUserResponse(user, events)), total };
  }

  /** Club admins under their clubs, clubs A to Z and admins by name; admins without a club are not listed. */
  async adminsByClub(): Promise<ClubAdminsResponse[]> {
    const admins = await this.users.clubAdmins();
    const events = await this.eventNames(admins);
    const clubs = new Map<string, UserRow[]>();
    for (const admin of admins) if (admin.club) clubs.set(admin.club, [...(clubs.get(admin.club) ?? []), admin]);
    return [...clubs].map(([club, members]) => toClubAdminsResponse(club, members, events));
  }

  async searchStaff(search: string | undefined): Promise<StaffMemberResponse[]> {
    return (await this.users.searchStaff(search)).map(toStaffMemberResponse);
  }

  /**
   * Gives the account a role, in one transaction with its consequences: leaving `admin` clears
   * the club and the assigned event, the account's sessions end (the next request signs in
   * again under the new role) and the audit trail records the change. Every role change locks
   * the super admins first, so two of them demoting each other at once leave one: the second
   * change waits for the first and then finds its actor, or its target, the last one.
   */
  async changeRole(actor: SessionUser, userId: string, change: RoleChangeDto): Promise<AdminUserResponse> {
    const user = await this.database.transaction(async (tx) => {
      // The account's event before the account: deleting the event locks them in that order (its
      // row, then the admin's, whose assignment it clears), so the two never wait on each other.
      const assigned = (await this.users.findById(userId, tx))?.assignedEventId;
      if (assigned) await this.events.lock(assigned, tx);
      const superAdmins = await this.users.lockSuperAdmins(tx);
      // Checked again under the lock: a super admin demoted a moment ago may still have a request in flight.
      if (!superAdmins.includes(actor.id)) throw new ForbiddenException(FORBIDDEN.superAdmin);
      const before = await this.users.lock(userId, tx);
      if (!before) throw new NotFoundException(USER_NOT_FOUND);
      const after = roleFieldsAfter(before, change);
      const changes = changedFields(roleFieldsOf(before), after);
      if (Object.keys(changes).length === 0) return before;
      await this.refuseRoleChange(before, after, superAdmins, tx);
      // A new club admin, or one moved, joins a club that takes new admins.
      if (after.role === 'admin' && after.club !== before.club) await this.clubs.requireOpen(after.club, 'club', tx);
      // Leaving the event locks it, as an invitation for it does, so "assigned" and "pending" are decided
      // one at a time (locked above, unless the account was given another event since).
      if (before.assignedEventId && after.assignedEventId === null && before.assignedEventId !== assigned) await this.events.lock(before.assignedEventId, tx);
      const updated = await this.users.setRole(before.id, after, tx);
      await this.sessions.endAllOfUser(before.id, { executor: tx });
      const subject: AuditEntry['subject'] = { type: 'user', id: before.id, label: `${before.name} (${before.email})` };
      await this.audit.record({ actor, action: 'user.role_changed', club: after.club ?? before.club, subject, changes }, tx);
      return updated;
    });
    return toAdminUserResponse(user, await this.eventNames([user]));
  }

  /** The 409 of a rule the change would break: the festival keeps a super admin, and staff take part in no event. */
  private async refuseRoleChange(before: UserRow, after: RoleFields, superAdmins: string[], tx: Executor): Promise<void> {
    if (before.role === 'superadmin' && after.role !== 'superadmin' && superAdmins.length === 1) throw new ConflictException(LAST_SUPER_ADMIN);
    if (before.role === 'student' && after.role !== 'student' && (await this.takesPart(before.id, tx))) throw new ConflictException(TAKES_PART);
  }

  /** Registered for an event or in a team: staff never are, and a student's places are not taken away by a promotion. */
  private async takesPart(userId: string, tx: Executor): Promise<boolean> {
    return (await this.registrations.hasRegistrations(userId, tx)) || (await this.teams.isInAnyTeam(userId, tx));
  }

  private async eventNames(users: UserRow[]): Promise<EventNames> {
    const ids = [...new Set(users.flatMap((user) => (user.assignedEventId ? [user.assignedEventId] : [])))];
    return new Map((await this.events.findByIds(ids)).map((event) => [event.id, event]));
  }
}

function roleFieldsOf({ role, club, assignedEventId }: UserRow): RoleFields {
  return { role, club, assignedEventId };
}

/**
 * The role's club and event: only club admins have them. An admin moved to another club leaves
 * their event, which belongs to the club they leave.
 */
function roleFieldsAfter(user: UserRow, { role, club }: RoleChangeDto): RoleFields {
  if (role !== 'admin') return { role, club: null, assignedEventId: null };
  const staysInClub = user.role === 'admin' && user.club === club;
  return { role, club: club ?? null, assignedEventId: staysInClub ? user.assignedEventId : null };
}
