import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { Public, SESSION_COOKIE, SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { ChangesState } from '../common/origin.guard.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { toUserResponse, UserResponse } from '../users/user.response.js';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto, SignInDto, SignUpDto } from './auth.dto.js';
import { AuthService, MESSAGES } from './auth.service.js';
import { SESSION_LIFETIME_SECONDS } from './sessions.service.js';

/** An answer whose only content is its message. */
type Said = SuccessEnvelope<{ message: string }>;
const LINK_TOKEN = ApiParam({ name: 'token', description: 'The token at the end of the e-mailed link' });

@ApiTags('accounts')
@Controller('user')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('signup')
  @Public()
  @RateLimit('signUpByEmail', 'signUpByIp')
  @ApiOperation({
    summary: 'Create a student account and e-mail a verification link',
    description: "The account can sign in once its e-mail is verified. Only addresses at the institution's domain are accepted.",
  })
  @ApiEnvelope({
    status: 201,
    description: 'Account created; the verification link is on its way.',
    message: true,
    errors: { 409: 'The e-mail or roll number is already registered (`errors` names the field).' },
  })
  async signUp(@Body() form: SignUpDto): Promise<Said> {
    await this.auth.signUp(form);
    return { success: true, message: MESSAGES.signedUp };
  }

  @Get('verify/:token')
  @Public()
  @RateLimit('verifyByIp')
  @ApiOperation({
    summary: "Verify an account's e-mail with the link's token (works once)",
    description: 'The link from the sign-up e-mail; it works once, for 24 hours.',
  })
  @LINK_TOKEN
  @ApiEnvelope({ description: 'The e-mail is verified; the account can sign in.', message: true, errors: { 400: 'Invalid or expired verification link' } })
  async verify(@Param('token') token: string): Promise<Said> {
    await this.auth.verifyEmail(token);
    return { success: true, message: MESSAGES.verified };
  }

  @Post('signin')
  @HttpCode(200)
  @Public()
  @RateLimit('signInByEmail', 'signInByIp')
  @ApiOperation({
    summary: 'Sign in; sets the httpOnly session cookie',
    description: 'The session lasts 30 days at most and ends after 7 days without use. An unverified account is refused and mailed a new link.',
  })
  @ApiEnvelope({
    description: 'Signed in; the `fest_session` cookie is set.',
    message: true,
    payload: { user: UserResponse },
    errors: { 401: 'Invalid email or password', 403: 'The e-mail is not verified yet; a new link has been sent.' },
  })
  async signIn(
    @Body() form: SignInDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SuccessEnvelope<{ message: string; user: UserResponse }>> {
    const { token, user } = await this.auth.signIn(form.email, form.password, { userAgent: request.headers['user-agent'], ip: request.ip });
    response.cookie(SESSION_COOKIE, token, { ...this.cookieOptions(), maxAge: SESSION_LIFETIME_SECONDS * 1000 });
    return { success: true, message: MESSAGES.signedIn, user: toUserResponse(user) };
  }

  @Get('signout')
  @Public()
  @ChangesState()
  @ApiOperation({
    summary: 'End the session on the server and clear its cookie',
    description: 'A GET, as the client calls it, but checked like a state-changing request. Without a session it only clears the cookie.',
  })
  @ApiEnvelope({ description: 'Signed out.', message: true })
  async signOut(@CurrentUser() user: SessionUser | undefined, @Res({ passthrough: true }) response: Response): Promise<Said> {
    await this.auth.signOut(user);
    response.clearCookie(SESSION_COOKIE, this.cookieOptions());
    return { success: true, message: MESSAGES.signedOut };
  }

  @Get('load')
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in user', description: 'The account behind the session cookie, as the client shows it.' })
  @ApiEnvelope({ description: 'The signed-in user.', payload: { user: UserResponse } })
  load(@CurrentUser() user: SessionUser): SuccessEnvelope<{ user: UserResponse }> {
    return { success: true, user: toUserResponse(user) };
  }

  @Post('password/forgot')
  @HttpCode(200)
  @Public()
  @RateLimit('forgotPasswordByEmail', 'forgotPasswordByIp')
  @ApiOperation({
    summary: 'E-mail a reset link; answers the same whether or not the account exists',
    description: 'The link works once, for an hour.',
  })
  @ApiEnvelope({ description: 'A link has been sent if the account exists.', message: true })
  async forgot(@Body() form: ForgotPasswordDto): Promise<Said> {
    await this.auth.requestPasswordReset(form.email);
    return { success: true, message: MESSAGES.resetRequested };
  }

  @Post('password/reset/:token')
  @HttpCode(200)
  @Public()
  @RateLimit('resetByIp')
  @ApiOperation({
    summary: "Set a new password with the reset link's token; ends every session",
    description: 'The link proves the mailbox is the account holder\'s, so it also verifies the account.',
  })
  @LINK_TOKEN
  @ApiEnvelope({ description: 'The password is changed; every session has ended.', message: true, errors: { 400: 'Invalid or expired reset link' } })
  async reset(@Param('token') token: string, @Body() form: ResetPasswordDto): Promise<Said> {
    await this.auth.resetPassword(token, form.password);
    return { success: true, message: MESSAGES.passwordReset };
  }

  @Put('password/change')
  @SignedIn()
  @RateLimit('changePasswordByAccount')
  @ApiOperation({
    summary: 'Change the password; ends every other session',
    description: 'Needs the current password; the new one needs a letter, a digit and a special character.',
  })
  @ApiEnvelope({
    description: 'The password is changed; this session stays, every other one has ended.',
    message: true,
    errors: { 400: 'The current password is wrong, or the new one is the same.' },
  })
  async change(@CurrentUser() user: SessionUser, @Body() form: ChangePasswordDto): Promise<Said> {
    await this.auth.changePassword(user, form.currentPassword, form.newPassword);
    return { success: true, message: MESSAGES.passwordChanged };
  }

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.protocol === 'https:', path: '/' };
  }
}
