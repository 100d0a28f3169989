import { ConflictException, Injectable } from '@nestjs/common';
import type { SessionUser } from '../common/session-user.js';
import type { Executor } from '../database/database.service.js';
import { PostgresErrorCode, postgresError } from '../database/postgres-errors.js';
import type { NewUserRow, UserRow } from '../database/schema/users.js';
import { EventsService } from '../events/events.service.js';
import { appliesGenderRule } from './account-rules.js';
import { toUserSearchResult, type UserSearchResult } from './user.response.js';
import { UsersRepository } from './users.repository.js';

/** Enough to pick a classmate from; few enough that paging through the directory takes very many searches (see docs/decisions.md). */
const SEARCH_LIMIT = 8;
export const ROLL_NUMBER_TAKEN = 'This roll number is already registered';
const DUPLICATE_MESSAGES: Record<string, string> = {
  users_email_unique: 'An account with this email already exists',
  users_roll_number_unique: ROLL_NUMBER_TAKEN,
};

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly events: EventsService,
  ) {}

  /** Creates an account; a taken e-mail or roll number is a 409 with the field named. */
  async create(user: NewUserRow, executor?: Executor): Promise<UserRow> {
    try {
      return await this.users.insert(user, executor);
    } catch (error) {
      const pg = postgresError(error);
      const message = pg?.code === PostgresErrorCode.UniqueViolation ? DUPLICATE_MESSAGES[pg.constraint ?? ''] : undefined;
      if (message) throw new ConflictException({ message, errors: [{ field: pg!.constraint!.includes('email') ? 'email' : 'rollNumber', message }] });
      throw error;
    }
  }

  findById(id: string, executor?: Executor): Promise<UserRow | undefined> {
    return this.users.findById(id, executor);
  }

  findByEmail(email: string, executor?: Executor): Promise<UserRow | undefined> {
    return this.users.findByEmail(email.trim().toLowerCase(), executor);
  }

  /** True when an account holds this roll number, whatever its case. */
  async isRollNumberTaken(rollNumber: string): Promise<boolean> {
    return (await this.users.findByRollNumber(rollNumber)) !== undefined;
  }

  setPasswordHash(id: string, passwordHash: string, executor?: Executor): Promise<void> {
    return this.users.setPasswordHash(id, passwordHash, executor);
  }

  makeSuperAdmin(id: string): Promise<void> {
    return this.users.makeSuperAdmin(id);
  }

  /**
   * Classmates to invite. For a gender-based event (or a treasure hunt) only students of the
   * asking student's gender are found, and none when the asking student has not said theirs.
   */
  async search(asking: SessionUser, text: string, eventId?: string): Promise<UserSearchResult[]> {
    // Asked on every keystroke of a member search: the shared list answers, a missing id is a 404.
    const event = eventId ? await this.events.getRecent(eventId) : undefined;
    const sameGender = event !== undefined && appliesGenderRule(event);
    if (sameGender && !asking.gender) return [];
    const found = await this.users.searchStudents({
      text,
      excludeUserId: asking.id,
      gender: sameGender ? asking.gender! : undefined,
      limit: SEARCH_LIMIT,
    });
    return found.map(toUserSearchResult);
  }

  listAll(): Promise<UserRow[]> {
    return this.users.listAll();
  }
}
