import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { ClubResponse, toClubResponse } from './club.response.js';
import { ClubChangesDto, NewClubDto } from './clubs.dto.js';
import { ClubsService } from './clubs.service.js';

const clubId = uuid('club');
type OneClub = SuccessEnvelope<{ club: ClubResponse }>;
const CLUB_ERRORS = { 400: 'Invalid club id', 404: 'Club not found' };

@ApiTags('clubs')
@Controller('clubs')
export class ClubsController {
  constructor(private readonly clubs: ClubsService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'Every club, A to Z, the retired ones too (with when they were retired)',
    description: 'Open to everyone: club names are on every event.',
  })
  @ApiEnvelope({ description: 'The clubs.', payload: { clubs: [ClubResponse] } })
  async list(): Promise<SuccessEnvelope<{ clubs: ClubResponse[] }>> {
    return { success: true, clubs: (await this.clubs.list()).map(toClubResponse) };
  }

  @Post()
  @SuperAdminOnly()
  @ApiOperation({ summary: 'Creates a club', description: 'Super admin only. Audited.' })
  @ApiEnvelope({
    status: 201,
    description: 'Created.',
    message: true,
    payload: { club: ClubResponse },
    errors: { 400: 'A field breaks its rule.', 409: 'A club of that name exists, whatever its case.' },
  })
  async create(@CurrentUser() actor: SessionUser, @Body() form: NewClubDto): Promise<OneClub> {
    const club = await this.clubs.create(form, actor);
    return { success: true, message: `${club.name} created.`, club: toClubResponse(club) };
  }

  @Put(':id')
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'Renames or describes a club',
    description: "Super admin only. A new name follows into the club's events, admins and invitations. Audited.",
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Changed.',
    message: true,
    payload: { club: ClubResponse },
    errors: { ...CLUB_ERRORS, 400: 'Invalid club id, or a field breaks its rule.', 409: 'Another club has that name.' },
  })
  async change(@CurrentUser() actor: SessionUser, @Param('id', clubId) id: string, @Body() changes: ClubChangesDto): Promise<OneClub> {
    const club = await this.clubs.change(id, changes, actor);
    return { success: true, message: `${club.name} saved.`, club: toClubResponse(club) };
  }

  @Post(':id/retire')
  @HttpCode(200)
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'Retires a club',
    description: 'Super admin only. Its past events, admins and results stay; it takes no new event, admin or invitation. Audited.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({ description: 'Retired.', message: true, payload: { club: ClubResponse }, errors: CLUB_ERRORS })
  async retire(@CurrentUser() actor: SessionUser, @Param('id', clubId) id: string): Promise<OneClub> {
    const club = await this.clubs.setRetired(id, true, actor);
    return { success: true, message: `${club.name} is retired: it takes no new events, admins or invitations.`, club: toClubResponse(club) };
  }

  @Post(':id/restore')
  @HttpCode(200)
  @SuperAdminOnly()
  @ApiOperation({ summary: 'Brings a retired club back', description: 'Super admin only. Audited.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({ description: 'Back.', message: true, payload: { club: ClubResponse }, errors: CLUB_ERRORS })
  async restore(@CurrentUser() actor: SessionUser, @Param('id', clubId) id: string): Promise<OneClub> {
    const club = await this.clubs.setRetired(id, false, actor);
    return { success: true, message: `${club.name} takes new events again.`, club: toClubResponse(club) };
  }
}
