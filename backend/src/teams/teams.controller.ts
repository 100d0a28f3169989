import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiParam, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Public, SignedIn, StudentsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CountsRegistrations } from '../common/registration-outcomes.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { TeamFormingService } from './team-forming.service.js';
import { TeamInvitingService } from './team-inviting.service.js';
import { TeamRegistrationService } from './team-registration.service.js';
import { GenderStats, InviteEnvelope, InviteOutcome, InviteResponse, TeamResponse } from './team.response.js';
import {
  AddMembersDto,
  CreateTeamDto,
  CreateTeamWithInvitesDto,
  GroupRegistrationDto,
  InviteAnswerDto,
  InviteMembersDto,
  RegisterTeamDto,
} from './teams.dto.js';

const INVITED = { message: true, payload: { invites: InviteOutcome, team: TeamResponse } } as const;
const INVITE_ERRORS = {
  403: 'A member who is not the leader.',
  404: 'Team not found (or not yours).',
  409: 'The team is registered, its gender has no place left, or nobody could be invited (the first reason).',
};

@ApiTags('teams')
@ApiExtraModels(GenderStats)
@Controller()
export class TeamsController {
  constructor(
    private readonly forming: TeamFormingService,
    private readonly inviting: TeamInvitingService,
    private readonly registration: TeamRegistrationService,
  ) {}

  @Post('teams/create')
  @StudentsOnly()
  @ApiOperation({ summary: 'Form a team for a group event, led by the signed-in student', description: 'One team per student per event, leading or not.' })
  @ApiEnvelope({
    status: 201,
    description: 'Created; the message names the team.',
    message: true,
    payload: { team: TeamResponse },
    errors: {
      400: 'Not a team event, or a leader without a gender on a gender-based event.',
      404: 'Event not found',
      409: 'Already in a team, name taken, closed, or the gender limit reached.',
    },
  })
  async create(@CurrentUser() user: SessionUser, @Body() form: CreateTeamDto): Promise<SuccessEnvelope<{ team: TeamResponse }>> {
    return { success: true, ...(await this.forming.create(user, form.eventId, form.teamName)) };
  }

  @Post('teams/create-with-invites')
  @StudentsOnly()
  @RateLimit('teamInvitesByAccount')
  @ApiOperation({
    summary: 'Form a team and invite classmates at once',
    description: 'The team is created; each valid invitee is invited and e-mailed, each refused one listed with its reason.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'Created; `invites` says who was invited.',
    message: true,
    payload: { team: TeamResponse, invites: InviteOutcome },
    errors: { 400: 'Not a team event.', 404: 'Event not found', 409: 'Already in a team, name taken, closed, or the gender limit reached.' },
  })
  async createWithInvites(
    @CurrentUser() user: SessionUser,
    @Body() form: CreateTeamWithInvitesDto,
  ): Promise<SuccessEnvelope<{ team: TeamResponse; invites: InviteOutcome }>> {
    return { success: true, ...(await this.forming.createWithInvites(user, form.eventId, form.teamName, form.userIds)) };
  }

  @Post('teams/invite')
  @HttpCode(200)
  @StudentsOnly()
  @RateLimit('teamInvitesByAccount')
  @ApiOperation({ summary: "Invite classmates to the leader's team", description: 'Members and pending invites together never pass the event’s largest team.' })
  @ApiEnvelope({ description: 'Invited; `invites.errors` lists who was not and why.', ...INVITED, errors: INVITE_ERRORS })
  async invite(@CurrentUser() user: SessionUser, @Body() form: InviteMembersDto): Promise<SuccessEnvelope<{ invites: InviteOutcome; team: TeamResponse }>> {
    return { success: true, ...(await this.inviting.invite(user, form.teamId, form.userIds)) };
  }

  @Post('teams/:teamId/add-members')
  @HttpCode(200)
  @StudentsOnly()
  @RateLimit('teamInvitesByAccount')
  @ApiOperation({ summary: "Invite classmates to the leader's team (the event page's spelling)", description: 'The same as `POST /teams/invite`.' })
  @ApiParam({ name: 'teamId', format: 'uuid' })
  @ApiEnvelope({ description: 'Invited; `invites.errors` lists who was not and why.', ...INVITED, errors: INVITE_ERRORS })
  async addMembers(
    @CurrentUser() user: SessionUser,
    @Param('teamId', uuid('team')) teamId: string,
    @Body() form: AddMembersDto,
  ): Promise<SuccessEnvelope<{ invites: InviteOutcome; team: TeamResponse }>> {
    return { success: true, ...(await this.inviting.invite(user, teamId, form.userIds)) };
  }

  @Get('teams/invite/:invite')
  @StudentsOnly()
  @ApiOperation({ summary: 'The invite an e-mailed link names', description: 'For its invitee only; an answered or expired invite shows its status.' })
  @ApiParam({ name: 'invite', description: "The e-mailed link's token" })
  @ApiEnvelope({
    description: 'The invite.',
    payload: { data: InviteEnvelope },
    errors: { 403: 'The invite was sent to another account.', 404: 'Invalid or expired invite' },
  })
  async inviteByToken(@CurrentUser() user: SessionUser, @Param('invite') token: string): Promise<SuccessEnvelope<{ data: InviteEnvelope }>> {
    return { success: true, data: { invite: await this.inviting.inviteByToken(user, token) } };
  }

  @Post('teams/invite/:invite/respond')
  @HttpCode(200)
  @StudentsOnly()
  @ApiOperation({
    summary: 'Accept or decline an invite',
    description: "Names the invite by its id (the bell) or its link's token (the invite page). Accepting withdraws the student's other invites for the event.",
  })
  @ApiParam({ name: 'invite', description: "The invite's id, or its e-mailed link's token" })
  @ApiEnvelope({
    description: 'Answered; accepting answers the team joined.',
    message: true,
    payload: { team: { type: 'object', allOf: [{ $ref: getSchemaPath(TeamResponse) }], nullable: true, description: 'The team joined; null when declining' } },
    errors: {
      403: 'The link was sent to another account.',
      404: 'Invite not found',
      409: 'Already answered, cancelled, withdrawn or expired; already in a team; the team registered.',
    },
  })
  async respond(
    @CurrentUser() user: SessionUser,
    @Param('invite') inviteId: string,
    @Body() form: InviteAnswerDto,
  ): Promise<SuccessEnvelope<{ team: unknown }>> {
    const { message, team } = await this.inviting.respond(user, inviteId, form.response);
    return { success: true, message, team: team ?? null };
  }

  @Delete('teams/invite/:invite')
  @StudentsOnly()
  @ApiOperation({ summary: 'Cancel a pending invite', description: 'The leader of an unregistered team.' })
  @ApiParam({ name: 'invite', format: 'uuid', description: "The invite's id" })
  @ApiEnvelope({
    description: 'Cancelled.',
    message: true,
    errors: { 403: 'Not the leader.', 404: 'Invite not found', 409: 'No longer pending, or the team is registered.' },
  })
  async cancelInvite(@CurrentUser() user: SessionUser, @Param('invite', uuid('invite')) inviteId: string): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.inviting.cancelInvite(user, inviteId)) };
  }

  @Post('teams/register')
  @CountsRegistrations()
  @HttpCode(200)
  @StudentsOnly()
  @ApiOperation({
    summary: "Register the leader's team for its event",
    description: 'Takes one seat and, on gender-based events, one place of the team’s gender; every member becomes registered.',
  })
  @ApiEnvelope({
    description: 'Registered.',
    message: true,
    payload: { team: TeamResponse },
    errors: { 403: 'Not the leader.', 404: 'Team not found', 409: 'Too few members, already registered, full, closed, or the gender limit reached.' },
  })
  async register(@CurrentUser() user: SessionUser, @Body() form: RegisterTeamDto): Promise<SuccessEnvelope<{ team: TeamResponse }>> {
    return { success: true, ...(await this.registration.register(user, form.teamId)) };
  }

  @Get('teams/my-teams')
  @SignedIn()
  @ApiOperation({ summary: 'Every team the signed-in student leads or belongs to', description: 'Newest first; none for an admin.' })
  @ApiEnvelope({ description: 'The teams.', payload: { teams: [TeamResponse] } })
  async mine(@CurrentUser() user: SessionUser): Promise<SuccessEnvelope<{ teams: TeamResponse[] }>> {
    return { success: true, teams: await this.forming.mine(user) };
  }

  @Get('teams/notifications')
  @SignedIn()
  @ApiOperation({ summary: "The signed-in student's pending invites (the bell)", description: 'Unexpired, newest first.' })
  @ApiEnvelope({ description: 'The invites.', payload: { invites: [InviteResponse] } })
  async notifications(@CurrentUser() user: SessionUser): Promise<SuccessEnvelope<{ invites: InviteResponse[] }>> {
    return { success: true, invites: await this.inviting.notifications(user) };
  }

  @Put('teams/notifications/:id/read')
  @SignedIn()
  @ApiOperation({ summary: 'Mark an invite as read', description: 'The invitee only.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({ description: 'Marked.', message: true, errors: { 404: 'Invite not found' } })
  async markRead(@CurrentUser() user: SessionUser, @Param('id', uuid('invite')) id: string): Promise<SuccessEnvelope> {
    await this.inviting.markRead(user, id);
    return { success: true, message: 'Marked as read' };
  }

  @Get('teams/event/:eventId')
  @SignedIn()
  @ApiOperation({ summary: "An event's teams", description: "A student's own teams of the event; its club's admins and the super admin see every team." })
  @ApiParam({ name: 'eventId', format: 'uuid' })
  @ApiEnvelope({ description: 'The teams.', payload: { teams: [TeamResponse] }, errors: { 403: "Another club's admin.", 404: 'Event not found' } })
  async ofEvent(@CurrentUser() user: SessionUser, @Param('eventId', uuid('event')) eventId: string): Promise<SuccessEnvelope<{ teams: TeamResponse[] }>> {
    return { success: true, teams: await this.forming.ofEvent(user, eventId) };
  }

  @Get('teams/event/:eventId/stats')
  @Public()
  @ApiOperation({
    summary: "An event's boys' and girls' team counts",
    description: 'Open to everyone; `stats` is null when the event does not limit teams by gender.',
  })
  @ApiParam({ name: 'eventId', format: 'uuid' })
  @ApiEnvelope({
    description: 'The counts.',
    payload: { hasGenderBasedTeams: { type: 'boolean' }, stats: { type: 'object', allOf: [{ $ref: getSchemaPath(GenderStats) }], nullable: true } },
    errors: { 404: 'Event not found' },
  })
  async stats(@Param('eventId', uuid('event')) eventId: string): Promise<SuccessEnvelope<{ hasGenderBasedTeams: unknown; stats: unknown }>> {
    return { success: true, ...(await this.forming.genderStats(eventId)) };
  }

  @Get('teams/:teamId')
  @SignedIn()
  @ApiOperation({ summary: 'One team', description: "Its leader, members and pending invitees; the event's club admins and the super admin." })
  @ApiParam({ name: 'teamId', format: 'uuid' })
  @ApiEnvelope({ description: 'The team.', payload: { team: TeamResponse }, errors: { 404: 'Team not found' } })
  async get(@CurrentUser() user: SessionUser, @Param('teamId', uuid('team')) teamId: string): Promise<SuccessEnvelope<{ team: TeamResponse }>> {
    return { success: true, team: await this.forming.get(user, teamId) };
  }

  @Delete('teams/:teamId')
  @StudentsOnly()
  @ApiOperation({ summary: 'Discard a team', description: 'Its leader, before it registers; its invites go with it.' })
  @ApiParam({ name: 'teamId', format: 'uuid' })
  @ApiEnvelope({ description: 'Discarded.', message: true, errors: { 403: 'Not the leader.', 404: 'Team not found', 409: 'The team is registered.' } })
  async discard(@CurrentUser() user: SessionUser, @Param('teamId', uuid('team')) teamId: string): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.forming.discard(user, teamId)) };
  }

  @Post('teams/:teamId/leave')
  @HttpCode(200)
  @StudentsOnly()
  @ApiOperation({ summary: 'Leave a team', description: 'A member who is not its leader, before it registers.' })
  @ApiParam({ name: 'teamId', format: 'uuid' })
  @ApiEnvelope({ description: 'Left.', message: true, errors: { 400: 'The leader cannot leave.', 404: 'Team not found', 409: 'The team is registered.' } })
  async leave(@CurrentUser() user: SessionUser, @Param('teamId', uuid('team')) teamId: string): Promise<SuccessEnvelope> {
    return { success: true, ...(await this.forming.leave(user, teamId)) };
  }

  @Post('group')
  @StudentsOnly()
  // It sends invitations, and it tells whether an address is a student's account: it shares the
  // invitations' budget and the member search's, so it is no second way around either.
  @RateLimit('teamInvitesByAccount', 'searchByAccount', 'searchByAccountHourly')
  @ApiOperation({
    summary: 'Form a team and invite the listed members (the enrolment form)',
    description:
      'The signed-in student is the team lead. Every listed e-mail must be a verified student account; each is sent the team manager’s invitation. Nobody is registered: the lead registers the team once enough have accepted.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'Formed; the invitations are sent.',
    message: true,
    payload: { team: TeamResponse },
    errors: {
      400: 'Wrong team size, repeated e-mails, or an e-mail that is no verified student account.',
      403: 'Not the signed-in student as team lead.',
      404: 'Event not found',
      409: 'The lead or a member is in a team already, the event is closed, the gender limit is reached, or a member had too many invitations.',
    },
  })
  async group(@CurrentUser() user: SessionUser, @Body() form: GroupRegistrationDto): Promise<SuccessEnvelope<{ team: TeamResponse }>> {
    return { success: true, ...(await this.forming.formListed(user, form)) };
  }
}
