import { Body, Controller, Get, Headers, HttpCode, Ip, Param, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Public, SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { Cookie, type CookieJar, Cookies } from '../common/cookies.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { ChangesState } from '../common/origin.guard.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { API_PREFIX } from '../configure-app.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { toUserResponse, UserResponse } from '../users/user.response.js';
import { ChangePasswordDto, ForgotPasswordDto, ResendVerificationDto, ResetPasswordDto, SignInDto, SignUpDto, VerifyWithPasswordDto } from './auth.dto.js';
import { AuthService, MESSAGES, SIGNUP_LINK_LIFETIME_MS } from './auth.service.js';
import { SessionCookies } from './session-cookies.service.js';
import { DEVICE_LIFETIME_SECONDS } from './trusted-devices.service.js';

/** Binds a sign-up's link to the browser that signed up; sent only to the verify route. */
const SIGNUP_COOKIE = 'fest_signup';
/** Remembers that an account signed in on this browser; sent only to sign-in. */
const DEVICE_COOKIE = 'fest_device';
const VERIFY_PATH = `/${API_PREFIX}/user/verify`;
const SIGN_IN_PATH = `/${API_PREFIX}/user/signin`;

/** An answer whose only content is its message. */
type Said = SuccessEnvelope<{ message: string }>;
const LINK_TOKEN = ApiParam({ name: 'token', description: 'The token at the end of the e-mailed link' });
const VERIFIED = 'The e-mail is verified; the account is created and can sign in.';
const VERIFY_REFUSALS = {
  400: 'Invalid or expired verification link, or (with the password) the wrong password.',
  409: 'The link was used already and the e-mail is verified (`alreadyVerified` is true), or the e-mail or roll number was taken by another account meanwhile (`errors` names the field).',
};

@ApiTags('accounts')
@Controller('user')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessionCookies: SessionCookies,
  ) {}

  @Post('signup')
  @Public()
  @RateLimit('signUpByEmail', 'signUpByIp')
  @ApiOperation({
    summary: "Record a pending sign-up, e-mail its verification link and bind the link to this browser's cookie",
    description:
      "Only addresses at the institution's domain are accepted. Answers the same for an address that already has an account " +
      '(whose owner is e-mailed instead); past the hourly e-mail allowance of an address it answers 429 for every address alike.',
  })
  @ApiEnvelope({
    status: 201,
    description: 'The sign-up waits for its link; the `fest_signup` cookie binds the link to this browser.',
    message: true,
    errors: { 409: 'The roll number is already registered (`errors` names the field).' },
  })
  async signUp(@Body() form: SignUpDto, @Cookies() cookies: CookieJar): Promise<Said> {
    const browserToken = await this.auth.signUp(form);
    cookies.set(SIGNUP_COOKIE, browserToken, { ...this.sessionCookies.options(VERIFY_PATH), maxAgeSeconds: SIGNUP_LINK_LIFETIME_MS / 1000 });
    return { success: true, message: MESSAGES.signedUp };
  }

  @Get('verify/:token')
  @Public()
  @ChangesState()
  @RateLimit('verifyByIp')
  @ApiOperation({
    summary: "Verify a sign-up's e-mail with the link's token (works once) in the browser that signed up",
    description:
      'The link works once, for 24 hours. In another browser it answers 403 with `passwordRequired: true`: verify with the POST and the sign-up password.',
  })
  @LINK_TOKEN
  @ApiEnvelope({ description: VERIFIED, message: true, errors: { ...VERIFY_REFUSALS, 403: 'Opened in another browser: `passwordRequired` is true.' } })
  async verify(@Param('token') token: string, @Cookie(SIGNUP_COOKIE) browserToken: string | undefined): Promise<Said> {
    await this.auth.verifyEmail(token, browserToken);
    return { success: true, message: MESSAGES.verified };
  }

  // Declared before POST verify/:token, which would otherwise take "resend" for a token.
  @Post('verify/resend')
  @HttpCode(200)
  @Public()
  @RateLimit('resendVerificationByEmail', 'resendVerificationByIp')
  @ApiOperation({
    summary: 'E-mail a new link for the newest pending sign-up of the address',
    description: 'Answers the same whether or not a sign-up waits for that address; the hourly e-mail allowance of an address applies.',
  })
  @ApiEnvelope({ description: 'A new link has been sent if a sign-up waits.', message: true })
  resendVerification(@Body() form: ResendVerificationDto): Said {
    this.auth.resendVerification(form.email);
    return { success: true, message: MESSAGES.verificationResent };
  }

  @Post('verify/:token')
  @HttpCode(200)
  @Public()
  @RateLimit('verifyByIp')
  @ApiOperation({
    summary: "Verify a sign-up's e-mail from another browser, with the password chosen at sign-up (works once)",
    description: 'For a link opened away from the browser that signed up: only the person who chose the password can activate it.',
  })
  @LINK_TOKEN
  @ApiEnvelope({ description: VERIFIED, message: true, errors: VERIFY_REFUSALS })
  async verifyWithPassword(@Param('token') token: string, @Body() form: VerifyWithPasswordDto): Promise<Said> {
    await this.auth.verifyEmailWithPassword(token, form.password);
    return { success: true, message: MESSAGES.verified };
  }

  @Post('signin')
  @HttpCode(200)
  @Public()
  @ApiOperation({
    summary: 'Sign in; sets the httpOnly session cookie, the signed-in hint and the device cookie',
    description:
      'The session lasts 30 days at most and ends after 7 days without use. The `fest_signed_in` cookie (value `1`, readable by the page, ' +
      'no secret) only tells the client that loading the user is worth asking; sign-out clears it. Attempts are limited per client and account; ' +
      'a browser where the account signed in before has its own allowance. A sign-up still waiting for its link is refused and mailed a new one.',
  })
  @ApiEnvelope({
    description: 'Signed in; the `fest_session`, `fest_signed_in` and `fest_device` cookies are set.',
    message: true,
    payload: { user: UserResponse },
    errors: {
      401: 'Invalid email or password',
      403: 'The e-mail is not verified yet; a new link has been sent.',
      429: 'Too many attempts from this client or for this account; `Retry-After` says when to try again.',
    },
  })
  async signIn(
    @Body() form: SignInDto,
    @Headers('user-agent') userAgent: string | undefined,
    @Ip() ip: string,
    @Cookie(DEVICE_COOKIE) knownDevice: string | undefined,
    @Cookies() cookies: CookieJar,
  ): Promise<SuccessEnvelope<{ message: string; user: UserResponse }>> {
    const { token, user, deviceToken } = await this.auth.signIn(form.email, form.password, { userAgent, ip, deviceToken: knownDevice });
    this.sessionCookies.set(cookies, token);
    this.trustDevice(cookies, deviceToken);
    return { success: true, message: MESSAGES.signedIn, user: toUserResponse(user) };
  }

  @Get('signout')
  @Public()
  @ChangesState()
  @ApiOperation({
    summary: 'End the session on the server and clear its cookies',
    description:
      'A GET, as the client calls it, but checked like a state-changing request. Without a session it only clears the cookies (`fest_session`, `fest_signed_in`).',
  })
  @ApiEnvelope({ description: 'Signed out.', message: true })
  async signOut(@CurrentUser() user: SessionUser | undefined, @Cookies() cookies: CookieJar): Promise<Said> {
    await this.auth.signOut(user);
    this.sessionCookies.clear(cookies);
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
    summary: 'E-mail a reset link; answers the same, in the same time, whether or not the account exists',
    description: 'The lookup and the e-mail happen after the answer. The link works once, for an hour.',
  })
  @ApiEnvelope({ description: 'A link has been sent if the account exists.', message: true })
  forgot(@Body() form: ForgotPasswordDto): Said {
    this.auth.requestPasswordReset(form.email);
    return { success: true, message: MESSAGES.resetRequested };
  }

  @Get('password/reset/:token')
  @Public()
  @RateLimit('resetByIp')
  @ApiOperation({
    summary: 'Whether a reset link still works (unused, unexpired), without using it',
    description: 'The reset page asks first, so a dead link is said before a new password is typed.',
  })
  @LINK_TOKEN
  @ApiEnvelope({ description: 'The link works.', message: true, errors: { 400: 'Invalid or expired reset link' } })
  async checkReset(@Param('token') token: string): Promise<Said> {
    await this.auth.checkResetLink(token);
    return { success: true, message: 'This link can set a new password.' };
  }

  @Post('password/reset/:token')
  @HttpCode(200)
  @Public()
  @RateLimit('resetByIp')
  @ApiOperation({
    summary: "Set a new password with the reset link's token; ends every session and trusts this browser for sign-in",
    description: "The link proves the mailbox is the account holder's; other browsers lose their own sign-in allowance.",
  })
  @LINK_TOKEN
  @ApiEnvelope({ description: 'The password is changed; every session has ended.', message: true, errors: { 400: 'Invalid or expired reset link' } })
  async reset(
    @Param('token') token: string,
    @Body() form: ResetPasswordDto,
    @Cookie(DEVICE_COOKIE) knownDevice: string | undefined,
    @Cookies() cookies: CookieJar,
  ): Promise<Said> {
    this.trustDevice(cookies, await this.auth.resetPassword(token, form.password, knownDevice));
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

  private trustDevice(cookies: CookieJar, deviceToken: string): void {
    cookies.set(DEVICE_COOKIE, deviceToken, { ...this.sessionCookies.options(SIGN_IN_PATH), maxAgeSeconds: DEVICE_LIFETIME_SECONDS });
  }
}
