import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { Public, SESSION_COOKIE, SignedIn } from '../common/access.decorators.js';
import { ChangesState } from '../common/origin.guard.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { API_PREFIX } from '../configure-app.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { toUserResponse, UserResponse } from '../users/user.response.js';
import { ChangePasswordDto, ForgotPasswordDto, ResendVerificationDto, ResetPasswordDto, SignInDto, SignUpDto, VerifyWithPasswordDto } from './auth.dto.js';
import { AuthService, MESSAGES, SIGNUP_LINK_LIFETIME_MS } from './auth.service.js';
import { SESSION_LIFETIME_SECONDS } from './sessions.service.js';
import { DEVICE_LIFETIME_SECONDS } from './trusted-devices.service.js';

/** Binds a sign-up's link to the browser that signed up; sent only to the verify route. */
export const SIGNUP_COOKIE = 'fest_signup';
/** Remembers that an account signed in on this browser; sent only to sign-in. */
export const DEVICE_COOKIE = 'fest_device';
const VERIFY_PATH = `/${API_PREFIX}/user/verify`;
const SIGN_IN_PATH = `/${API_PREFIX}/user/signin`;

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
    summary: "Record a pending sign-up, e-mail its verification link and bind the link to this browser's cookie",
    description: 'Answers the same for an address that already has an account (whose owner is e-mailed instead).',
  })
  async signUp(@Body() form: SignUpDto, @Res({ passthrough: true }) response: Response) {
    const browserToken = await this.auth.signUp(form);
    response.cookie(SIGNUP_COOKIE, browserToken, { ...this.cookieOptions(VERIFY_PATH), maxAge: SIGNUP_LINK_LIFETIME_MS });
    return { success: true, message: MESSAGES.signedUp };
  }

  @Get('verify/:token')
  @Public()
  @ChangesState()
  @RateLimit('verifyByIp')
  @ApiOperation({
    summary: "Verify a sign-up's e-mail with the link's token (works once) in the browser that signed up",
    description: 'In another browser it answers 403 with `passwordRequired: true`: verify with the POST and the sign-up password.',
  })
  async verify(@Param('token') token: string, @Req() request: Request) {
    await this.auth.verifyEmail(token, cookieOf(request, SIGNUP_COOKIE));
    return { success: true, message: MESSAGES.verified };
  }

  // Declared before POST verify/:token, which would otherwise take "resend" for a token.
  @Post('verify/resend')
  @HttpCode(200)
  @Public()
  @RateLimit('resendVerificationByEmail', 'resendVerificationByIp')
  @ApiOperation({ summary: 'E-mail a new link for the newest pending sign-up of the address; answers the same whether or not one exists' })
  resendVerification(@Body() form: ResendVerificationDto) {
    this.auth.resendVerification(form.email);
    return { success: true, message: MESSAGES.verificationResent };
  }

  @Post('verify/:token')
  @HttpCode(200)
  @Public()
  @RateLimit('verifyByIp')
  @ApiOperation({ summary: "Verify a sign-up's e-mail from another browser, with the password chosen at sign-up (works once)" })
  async verifyWithPassword(@Param('token') token: string, @Body() form: VerifyWithPasswordDto) {
    await this.auth.verifyEmailWithPassword(token, form.password);
    return { success: true, message: MESSAGES.verified };
  }

  @Post('signin')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Sign in; sets the httpOnly session cookie and the device cookie',
    description: 'Attempts are limited per client and account; a browser where the account signed in before has its own allowance.',
  })
  @ApiOkResponse({ type: UserResponse })
  async signIn(@Body() form: SignInDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const client = { userAgent: request.headers['user-agent'], ip: request.ip ?? 'unknown', deviceToken: cookieOf(request, DEVICE_COOKIE) };
    const { token, user, deviceToken } = await this.auth.signIn(form.email, form.password, client);
    response.cookie(SESSION_COOKIE, token, { ...this.cookieOptions(), maxAge: SESSION_LIFETIME_SECONDS * 1000 });
    this.trustDevice(response, deviceToken);
    return { success: true, message: MESSAGES.signedIn, user: toUserResponse(user) };
  }

  @Get('signout')
  @Public()
  @ChangesState()
  @ApiOperation({ summary: 'End the session on the server and clear its cookie' })
  async signOut(@CurrentUser() user: SessionUser | undefined, @Res({ passthrough: true }) response: Response) {
    await this.auth.signOut(user);
    response.clearCookie(SESSION_COOKIE, this.cookieOptions());
    return { success: true, message: MESSAGES.signedOut };
  }

  @Get('load')
  @SignedIn()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiOkResponse({ type: UserResponse })
  load(@CurrentUser() user: SessionUser) {
    return { success: true, user: toUserResponse(user) };
  }

  @Post('password/forgot')
  @HttpCode(200)
  @Public()
  @RateLimit('forgotPasswordByEmail', 'forgotPasswordByIp')
  @ApiOperation({ summary: 'E-mail a reset link; answers the same, in the same time, whether or not the account exists' })
  forgot(@Body() form: ForgotPasswordDto) {
    this.auth.requestPasswordReset(form.email);
    return { success: true, message: MESSAGES.resetRequested };
  }

  @Post('password/reset/:token')
  @HttpCode(200)
  @Public()
  @RateLimit('resetByIp')
  @ApiOperation({ summary: "Set a new password with the reset link's token; ends every session and trusts this browser for sign-in" })
  async reset(@Param('token') token: string, @Body() form: ResetPasswordDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    this.trustDevice(response, await this.auth.resetPassword(token, form.password, cookieOf(request, DEVICE_COOKIE)));
    return { success: true, message: MESSAGES.passwordReset };
  }

  @Put('password/change')
  @SignedIn()
  @RateLimit('changePasswordByAccount')
  @ApiOperation({ summary: 'Change the password; ends every other session' })
  async change(@CurrentUser() user: SessionUser, @Body() form: ChangePasswordDto) {
    await this.auth.changePassword(user, form.currentPassword, form.newPassword);
    return { success: true, message: MESSAGES.passwordChanged };
  }

  private trustDevice(response: Response, deviceToken: string): void {
    response.cookie(DEVICE_COOKIE, deviceToken, { ...this.cookieOptions(SIGN_IN_PATH), maxAge: DEVICE_LIFETIME_SECONDS * 1000 });
  }

  private cookieOptions(path = '/'): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.protocol === 'https:', path };
  }
}

function cookieOf(request: Request, name: string): string | undefined {
  const value: unknown = request.cookies?.[name];
  return typeof value === 'string' ? value : undefined;
}
