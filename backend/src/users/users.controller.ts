import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StudentsOnly, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { PAGE_FIELDS, type PageFields, paged, PageQuery } from '../common/pagination.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import type { AuditChanges } from '../database/schema/audit.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { ProfileService } from './profile.service.js';
import { ProfileResponse, toProfileResponse, toUserResponse, UserResponse } from './user.response.js';
import { EventRemindersDto, ProfileDto } from './users.dto.js';
import { UsersService } from './users.service.js';

/** What a save of the profile says: saved or not, and, for a new name, where it shows and where it does not. */
function profileSavedMessage(changes: AuditChanges): string {
  if (Object.keys(changes).length === 0) return 'Nothing to save: your profile is as it was.';
  if (!changes.name) return 'Your profile is saved.';
  return 'Your profile is saved. From now on your teams, registrations and results show your new name; e-mails already sent keep the one they were sent with, and certificates already issued keep theirs until the organisers re-issue them.';
}

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly profiles: ProfileService,
  ) {}

  @Get('user/all')
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'Every account, a page at a time (super admin)',
    description: 'Every account of every role, oldest first, without password material.',
  })
  @ApiEnvelope({ description: 'One page of accounts and how many there are.', payload: { users: [UserResponse], ...PAGE_FIELDS } })
  async all(@Query() query: PageQuery): Promise<SuccessEnvelope<{ users: UserResponse[] } & PageFields>> {
    const page = await this.users.listPage(query);
    return { success: true, ...paged('users', query, { items: page.items.map(toUserResponse), total: page.total }) };
  }

  @Put('users/me/reminders')
  @StudentsOnly()
  @ApiOperation({
    summary: "Turn the signed-in student's day-before reminders on or off",
    description:
      'An e-mail the day before each event the student holds a place in (on unless turned off); `GET /user/load` gives the setting as `eventReminders`.',
  })
  @ApiEnvelope({
    description: 'Saved; the message says which way.',
    message: true,
    payload: { eventReminders: { type: 'boolean', description: 'The setting as now stored' } },
  })
  async setReminders(@CurrentUser() student: SessionUser, @Body() form: EventRemindersDto): Promise<SuccessEnvelope<{ eventReminders: boolean }>> {
    const eventReminders = await this.users.setEventReminders(student.id, form.enabled);
    const message = eventReminders ? 'You will get an e-mail the day before each of your events.' : 'Reminder e-mails are off.';
    return { success: true, message, eventReminders };
  }

  @Get('users/me/profile')
  @StudentsOnly()
  @ApiOperation({
    summary: "The signed-in student's profile",
    description: 'Their name, department, year and gender, which they may change, with the e-mail address and roll number, which they may not.',
  })
  @ApiEnvelope({ description: 'The profile.', payload: { profile: ProfileResponse } })
  async profile(@CurrentUser() student: SessionUser): Promise<SuccessEnvelope<{ profile: ProfileResponse }>> {
    return { success: true, profile: toProfileResponse(await this.profiles.get(student.id)) };
  }

  @Put('users/me/profile')
  @StudentsOnly()
  @RateLimit('profileByAccount')
  @ApiOperation({
    summary: "Change the signed-in student's name, department, year and gender",
    description:
      "Sign-up's fields and rules (the year must suit the department). The gender does not change while the student is in a team of a gender-based event of the festival now open (leading it or not, registered or not, unless its registration was rejected). A new name shows from now on wherever the festival shows the student; e-mails already sent keep the old one. A save that changes nothing answers 200 and records nothing.",
  })
  @ApiEnvelope({
    description: 'Saved (or nothing to save); the message says which, and where a new name shows.',
    message: true,
    payload: { profile: ProfileResponse },
    errors: { 409: 'The gender cannot change while a team of a gender-based event relies on it; the message says what to do.' },
  })
  async saveProfile(@CurrentUser() student: SessionUser, @Body() form: ProfileDto): Promise<SuccessEnvelope<{ profile: ProfileResponse }>> {
    const { profile, changes } = await this.profiles.update(student.id, form);
    return { success: true, message: profileSavedMessage(changes), profile: toProfileResponse(profile) };
  }
}
