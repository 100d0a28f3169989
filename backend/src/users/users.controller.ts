import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { StudentsOnly, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { PAGE_FIELDS, type PageFields, paged, PageQuery } from '../common/pagination.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { toUserResponse, UserResponse } from './user.response.js';
import { EventRemindersDto } from './users.dto.js';
import { UsersService } from './users.service.js';

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

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
}
