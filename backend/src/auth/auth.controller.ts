import { Body, Controller, Get, HttpCode, Inject, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CookieOptions, Request, Response } from 'express';
import { Public, SESSION_COOKIE, SignedIn } from '../common/access.decorators.js';
import { ChangesState } from '../common/origin.guard.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { toUserResponse, UserResponse } from '../users/user.response.js';
import { ChangePasswordDto, ForgotPasswordDto, ResetPasswordDto, SignInDto, SignUpDto } from './auth.dto.js';
import { AuthService, MESSAGES } from './auth.service.js';
import { SESSION_LIFETIME_SECONDS } from './sessions.service.js';

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
  @ApiOperation({ summary: 'Create a student account and e-mail a verification link' })
  async signUp(@Body() form: SignUpDto) {
    await this.auth.signUp(form);
    return { success: true, message: MESSAGES.signedUp };
  }

  @Get('verify/:token')
  @Public()
  @RateLimit('verifyByIp')
  @ApiOperation({ summary: "Verify an account's e-mail with the link's token (works once)" })
  async verify(@Param('token') token: string) {
    await this.auth.verifyEmail(token);
    return { success: true, message: MESSAGES.verified };
  }

  @Post('signin')
  @HttpCode(200)
  @Public()
  @RateLimit('signInByEmail', 'signInByIp')
  @ApiOperation({ summary: 'Sign in; sets the httpOnly session cookie' })
  @ApiOkResponse({ type: UserResponse })
  async signIn(@Body() form: SignInDto, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    const { token, user } = await this.auth.signIn(form.email, form.password, { userAgent: request.headers['user-agent'], ip: request.ip });
    response.cookie(SESSION_COOKIE, token, { ...this.cookieOptions(), maxAge: SESSION_LIFETIME_SECONDS * 1000 });
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
  @ApiOperation({ summary: 'E-mail a reset link; answers the same whether or not the account exists' })
  async forgot(@Body() form: ForgotPasswordDto) {
    await this.auth.requestPasswordReset(form.email);
    return { success: true, message: MESSAGES.resetRequested };
  }

  @Post('password/reset/:token')
  @HttpCode(200)
  @Public()
  @RateLimit('resetByIp')
  @ApiOperation({ summary: "Set a new password with the reset link's token; ends every session" })
  async reset(@Param('token') token: string, @Body() form: ResetPasswordDto) {
    await this.auth.resetPassword(token, form.password);
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

  private cookieOptions(): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.config.publicUrl.protocol === 'https:', path: '/' };
  }
}
