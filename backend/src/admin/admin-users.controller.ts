import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { PAGE_FIELDS, type PageFields, paged } from '../common/pagination.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { RoleChangeDto, StaffSearchQuery, UserListQuery } from './admin-users.dto.js';
import { AdminUserResponse, ClubAdminsResponse, StaffMemberResponse } from './admin-users.response.js';
import { AdminUsersService } from './admin-users.service.js';

@ApiTags('admin')
@Controller('admin/users')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'The accounts, a page at a time, with search and a role filter (super admin)',
    description: "Oldest first. `search` matches part of the name, e-mail or roll number, whatever its case. A club admin's event is named.",
  })
  @ApiEnvelope({ description: 'One page of the accounts found and how many there are.', payload: { users: [AdminUserResponse], ...PAGE_FIELDS } })
  async list(@Query() query: UserListQuery): Promise<SuccessEnvelope<{ users: AdminUserResponse[] } & PageFields>> {
    const page = await this.users.list(query, { search: query.search || undefined, role: query.role });
    return { success: true, ...paged('users', query, page) };
  }

  @Get('admins-by-club')
  @SuperAdminOnly()
  @ApiOperation({ summary: "Each club's admins (super admin)", description: 'Clubs A to Z, admins by name; admins without a club are left out.' })
  @ApiEnvelope({ description: 'The clubs that have admins, each with its admins.', payload: { adminsByClub: [ClubAdminsResponse] } })
  async adminsByClub(): Promise<SuccessEnvelope<{ adminsByClub: ClubAdminsResponse[] }>> {
    return { success: true, adminsByClub: await this.users.adminsByClub() };
  }

  @Get('all-admins')
  @AdminsOnly()
  @ApiOperation({
    summary: "Find club admins and super admins to name as an event's staff in-charge",
    description: 'At most 20, by name; `search` matches part of the name or e-mail.',
  })
  @ApiEnvelope({ description: 'The staff members found.', payload: { admins: [StaffMemberResponse] } })
  async searchStaff(@Query() query: StaffSearchQuery): Promise<SuccessEnvelope<{ admins: StaffMemberResponse[] }>> {
    return { success: true, admins: await this.users.searchStaff(query.search || undefined) };
  }

  @Put(':id/role')
  @SuperAdminOnly()
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOperation({
    summary: "Change an account's role (super admin)",
    description:
      'A club admin needs a club. Leaving the admin role clears the club and the assigned event. The account is signed out everywhere. ' +
      'The last super admin keeps the role; a student registered for an event or in a team cannot become staff.',
  })
  @ApiEnvelope({
    description: 'Changed (or already so); the account as the user list shows it.',
    message: true,
    payload: { user: AdminUserResponse },
    errors: {
      404: 'User not found',
      409: 'The last super admin cannot be changed, or the student has registrations or teams.',
    },
  })
  async changeRole(
    @CurrentUser() actor: SessionUser,
    @Param('id', uuid('user')) id: string,
    @Body() change: RoleChangeDto,
  ): Promise<SuccessEnvelope<{ user: AdminUserResponse }>> {
    return { success: true, message: 'Role updated', user: await this.users.changeRole(actor, id, change) };
  }
}
