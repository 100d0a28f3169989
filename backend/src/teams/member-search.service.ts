import { Injectable } from '@nestjs/common';
import type { SessionUser } from '../common/session-user.js';
import { EventsService } from '../events/events.service.js';
import { UsersService } from '../users/users.service.js';
import { appliesGenderRule } from './gender-rule.js';
import { toMemberSearchResult, type MemberSearchResult } from './member-search.response.js';
import { TeamRules } from './team-rules.js';

/** Enough to pick a classmate from; few enough that paging through the directory takes very many searches (see docs/decisions.md). */
const SEARCH_LIMIT = 8;

/** Finding classmates to form a team with: the users module finds students, this one applies the event's rules. */
@Injectable()
export class MemberSearchService {
  constructor(
    private readonly users: UsersService,
    private readonly events: EventsService,
    private readonly rules: TeamRules,
  ) {}

  /**
   * Classmates to invite. For a gender-based event (or a treasure hunt) only students of the
   * asking student's gender are found, and none when the asking student has not said theirs.
   */
  async search(asking: SessionUser, text: string, eventId?: string): Promise<MemberSearchResult[]> {
    // Asked on every keystroke of a member search: the shared list answers, a missing id is a 404.
    const event = eventId ? await this.events.getListed(eventId) : undefined;
    const gender = event !== undefined && appliesGenderRule(event) ? asking.gender : undefined;
    if (gender === null) return [];
    // No team of this gender can register any more: searching for teammates is blocked like forming a team.
    if (event && gender) await this.rules.requireGenderPlace(event, { gender }, 'Cannot create team!');
    const found = await this.users.searchStudents({
      text,
      excludeUserId: asking.id,
      gender,
      limit: SEARCH_LIMIT,
    });
    return found.map(toMemberSearchResult);
  }
}
