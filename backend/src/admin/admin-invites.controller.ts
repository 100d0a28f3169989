import { Body, Controller, Delete, Get, Headers, HttpCode, Ip, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { SessionCookies } from '../auth/session-cookies.service.js';
import { Public, SuperAdminOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { type CookieJar, Cookies } from '../common/cookies.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { toUserResponse, UserResponse } from '../users/user.response.js';
import { AdminInviteResponse, EventAdminStatusResponse, InvitationDetailsResponse } from './admin-invite.response.js';
import { AdminInviteDto, AdminSignupDto, SendInviteEmailDto } from './admin-invites.dto.js';
import { ADMIN_INVITE_MESSAGES, AdminInvitesService } from './admin-invites.service.js';

/** An answer whose only content is its message. */
type Said = SuccessEnvelope<{ message: string }>;
type Invites = SuccessEnvelope<{ data: AdminInviteResponse[] }>;

/** The token at the end of the invitation link, in a path parameter of this name. */
const invitationToken = (name: string) => ApiParam({ name, description: 'The token at the end of the invitation link' });
const ISSUE_ERRORS = {
  400: 'A field is missing or invalid, or the event is not of the chosen club (`errors` names the field).',
  404: 'Event not found',
  409: 'User with this email already exists, or this event already has an admin assigned (an admin, or a pending invitation).',
};

@ApiTags('admin')
@Controller('admin')
export class AdminInvitesController {
  constructor(
    private readonly invites: AdminInvitesService,
    private readonly sessionCookies: SessionCookies,
  ) {}

  @Get('events-with-admin-status')
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'Every event with whether it has an admin, a pending invitation, or neither',
    description: 'For the invitation form’s event select, ordered by club then name.',
  })
  @ApiEnvelope({ description: 'The events.', payload: { events: [EventAdminStatusResponse] } })
  async eventsWithAdminStatus(): Promise<SuccessEnvelope<{ events: EventAdminStatusResponse[] }>> {
    return { success: true, events: await this.invites.eventsWithAdminStatus() };
  }

  @Get('invites')
  @SuperAdminOnly()
  @ApiOperation({ summary: 'The admin invitations, newest first', description: 'Cancelled ones are not listed; the audit trail keeps them.' })
  @ApiEnvelope({ description: 'The invitations.', payload: { data: [AdminInviteResponse] } })
  async list(): Promise<Invites> {
    return { success: true, data: await this.invites.list() };
  }

  // A static path: the router prefers it to GET invite/:invite, which would otherwise read "pending" as a token.
  @Get('invite/pending')
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'The invitations that can still be accepted, newest first',
    description: 'Pending and unexpired: those an event is waiting on.',
  })
  @ApiEnvelope({ description: 'The pending invitations.', payload: { data: [AdminInviteResponse] } })
  async listPending(): Promise<Invites> {
    return { success: true, data: await this.invites.listPending() };
  }

  @Post('invite')
  @SuperAdminOnly()
  @ApiOperation({
    summary: "Invite someone to run one event as its club's admin, and e-mail them the link",
    description: 'The invitation lasts 7 days and works once; accepting it creates a new club admin account for the address.',
  })
  @ApiEnvelope({ status: 201, description: 'Invited; the link is e-mailed.', message: true, payload: { invite: AdminInviteResponse }, errors: ISSUE_ERRORS })
  async send(@CurrentUser() user: SessionUser, @Body() form: AdminInviteDto): Promise<SuccessEnvelope<{ invite: AdminInviteResponse }>> {
    const { invite } = await this.invites.issue(user, form, { send: true });
    return { success: true, message: ADMIN_INVITE_MESSAGES.sent, invite };
  }

  @Post('invite/generate')
  @SuperAdminOnly()
  @ApiOperation({
    summary: 'Create an invitation and answer its link, without e-mailing it',
    description: 'The same rules as sending one; the link can be shared by hand or e-mailed later with send-email.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'Invited; `inviteUrl` is the link.',
    message: true,
    payload: { invite: AdminInviteResponse, inviteUrl: { type: 'string', format: 'uri' } },
    errors: ISSUE_ERRORS,
  })
  async generate(@CurrentUser() user: SessionUser, @Body() form: AdminInviteDto): Promise<SuccessEnvelope<{ invite: AdminInviteResponse; inviteUrl: string }>> {
    return { success: true, message: ADMIN_INVITE_MESSAGES.generated, ...(await this.invites.issue(user, form, { send: false })) };
  }

  @Post('invite/send-email')
  @HttpCode(200)
  @SuperAdminOnly()
  @ApiOperation({
    summary: "E-mail a pending invitation's link to its address",
    description:
      'Only the token of `inviteUrl` is read: the invitation must be pending, unexpired and issued for `email`, and the e-mail carries the link ' +
      'the server builds itself, never the URL it was given.',
  })
  @ApiEnvelope({ description: 'The e-mail is on its way.', message: true, errors: { 400: 'This link was not issued for this address' } })
  async sendEmail(@Body() form: SendInviteEmailDto): Promise<Said> {
    await this.invites.sendEmail(form);
    return { success: true, message: ADMIN_INVITE_MESSAGES.emailed };
  }

  @Delete('invite/:invite')
  @SuperAdminOnly()
  @ApiOperation({ summary: 'Cancel a pending invitation', description: 'Its link stops working; the audit trail keeps it.' })
  @ApiParam({ name: 'invite', format: 'uuid', description: "The invitation's id" })
  @ApiEnvelope({
    description: 'Cancelled.',
    message: true,
    errors: { 400: 'Invalid invitation id', 404: 'Invitation not found', 409: 'Only a pending invitation can be cancelled' },
  })
  async cancel(@CurrentUser() user: SessionUser, @Param('invite', uuid('invitation')) id: string): Promise<Said> {
    await this.invites.cancel(user, id);
    return { success: true, message: ADMIN_INVITE_MESSAGES.cancelled };
  }

  // Named `invite` like the cancel's id: the two share a path, which the API document would
  // otherwise hold twice, differing only by the parameter's name.
  @Get('invite/:invite')
  @Public()
  @ApiOperation({ summary: 'What an invitation link is for: its event, club and address', description: 'Shown before the account form.' })
  @invitationToken('invite')
  @ApiEnvelope({ description: 'The invitation.', payload: { data: InvitationDetailsResponse }, errors: { 404: 'Invalid or expired invitation link' } })
  async details(@Param('invite') token: string): Promise<SuccessEnvelope<{ data: InvitationDetailsResponse }>> {
    return { success: true, data: await this.invites.details(token) };
  }

  @Post('signup/:token')
  @Public()
  @ApiOperation({
    summary: "Accept an invitation: create the club admin's account and sign it in",
    description:
      "The account is verified, of the invitation's club and address, and runs its event. The session cookies are set as at sign-in. The link works once.",
  })
  @invitationToken('token')
  @ApiEnvelope({
    status: 201,
    description: 'The account is created and signed in; the `fest_session` and `fest_signed_in` cookies are set.',
    message: true,
    payload: { user: UserResponse },
    errors: {
      400: 'A field is missing or invalid, or `club` is not the invitation’s (`errors` names the field).',
      404: 'Invalid or expired invitation link',
      409: 'An account with this email already exists, or the event has its admin already.',
    },
  })
  async accept(
    @Param('token') token: string,
    @Body() form: AdminSignupDto,
    @Headers('user-agent') userAgent: string | undefined,
    @Ip() ip: string,
    @Cookies() cookies: CookieJar,
  ): Promise<SuccessEnvelope<{ message: string; user: UserResponse }>> {
    const user = await this.invites.accept(token, form);
    await this.sessionCookies.signIn(user.id, { userAgent, ip }, cookies);
    return { success: true, message: ADMIN_INVITE_MESSAGES.accepted, user: toUserResponse(user) };
  }
}
