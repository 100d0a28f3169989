import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { PAGE_FIELDS, type PageFields, paged, PageQuery } from '../common/pagination.js';
import { toUserResponse, UserResponse } from './user.response.js';
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
}
