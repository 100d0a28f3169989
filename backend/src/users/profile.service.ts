import { ConflictException, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuditService, changedFields } from '../audit/audit.service.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { AuditChanges } from '../database/schema/audit.js';
import type { UserRow } from '../database/schema/users.js';
import { type ProfileFields, UsersRepository } from './users.repository.js';

export type { ProfileFields };

const ACCOUNT_GONE = 'This account no longer exists.';

/** The changes as the audit trail records them: the name as `fullName`, as an event's is `name` and a club's `clubName`. */
const audited = ({ name, ...others }: AuditChanges): AuditChanges => (name ? { fullName: name, ...others } : others);

/**
 * What relies on a student's gender: their teams on events with the same-gender rule. The teams
 * module sits above this one, so it attaches itself when the application starts
 * (`relyOnGender`), as it attaches its steps to the seat owner: no import cycle.
 */
export interface GenderReliance {
  /** Why the student's gender cannot change now, saying what to do; nothing when it can. Read in the caller's transaction. */
  refusal(studentId: string, tx: Executor): Promise<string | undefined>;
}

/** A saved profile and what the save changed (nothing, for a save of the profile as it was). */
interface SavedProfile {
  profile: UserRow;
  changes: AuditChanges;
}

/**
 * A student's own profile: their name, department, year and gender. The e-mail address is the
 * account's identity and the roll number is checked once, at sign-up: neither changes here.
 */
@Injectable()
export class ProfileService {
  private genderReliance?: GenderReliance;

  constructor(
    private readonly users: UsersRepository,
    private readonly database: DatabaseService,
    private readonly audit: AuditService,
  ) {}

  /** The teams module's reading of who relies on a gender, attached when it starts. */
  relyOnGender(reliance: GenderReliance): void {
    this.genderReliance = reliance;
  }

  async get(studentId: string): Promise<UserRow> {
    const profile = await this.users.findById(studentId);
    if (!profile) throw new UnauthorizedException(ACCOUNT_GONE);
    return profile;
  }

  /**
   * Saves the profile in one transaction that locks the student's row first (FOR UPDATE). A team
   * being formed or joined reads the gender it checks with that row held (`UsersService.readAndHold`,
   * the lock the membership's own foreign key takes), so the two take turns: a change waits for
   * the membership and then finds it, or the membership waits for the change and then reads the
   * new gender. The change is recorded in the audit trail in the same transaction, with the
   * student as its actor under the name they had; a save that changes nothing writes nothing.
   */
  async update(studentId: string, fields: ProfileFields): Promise<SavedProfile> {
    return this.database.transaction(async (tx) => {
      const before = await this.users.lock(studentId, tx);
      if (!before) throw new UnauthorizedException(ACCOUNT_GONE);
      const changes = changedFields(before, fields);
      if (Object.keys(changes).length === 0) return { profile: before, changes };
      if (changes.gender) await this.refuseGenderChange(studentId, tx);
      const profile = await this.users.updateProfile(studentId, fields, tx);
      await this.audit.record(
        {
          actor: before,
          action: 'user.profile_updated',
          club: null,
          subject: { type: 'user', id: before.id, label: `${before.name} (${before.email})` },
          changes: audited(changes),
        },
        tx,
      );
      return { profile, changes };
    });
  }

  private async refuseGenderChange(studentId: string, tx: Executor): Promise<void> {
    if (!this.genderReliance) throw new Error('No teams module is attached to the profile: a gender change would skip the same-gender rule.');
    const refusal = await this.genderReliance.refusal(studentId, tx);
    if (refusal) throw new ConflictException(refusal);
  }
}
