import { Body, Controller, Delete, Get, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { SessionCookies } from '../auth/session-cookies.service.js';
import { SignedIn } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { type CookieJar, Cookies } from '../common/cookies.js';
import { ApiDownload, type DownloadReply, sendDownload } from '../common/download.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { AccountDeletionService } from './account-deletion.service.js';
import { DeleteAccountDto } from './account.dto.js';
import { DataExportResponse, toDataExportResponse } from './account.response.js';
import { DATA_EXPORT_HOURS, DataExportService } from './data-export.service.js';

const DELETED =
  'Your account is deleted. Your places in events not started were given back, your teams passed on, and your name, e-mail address and roll number erased. You are signed out everywhere.';

/** An account's own data, downloaded, and its deletion. */
@ApiTags('users')
@ApiExtraModels(DataExportResponse)
@Controller('users/me')
export class AccountController {
  constructor(
    private readonly exports: DataExportService,
    private readonly deletion: AccountDeletionService,
    private readonly sessionCookies: SessionCookies,
  ) {}

  @Get('data-export')
  @SignedIn()
  @ApiOperation({
    summary: 'The download of my data still offered, if any',
    description: `A download is offered for ${DATA_EXPORT_HOURS} hours after it is prepared.`,
  })
  @ApiEnvelope({
    description: 'The download, or null.',
    payload: { export: { type: 'object', allOf: [{ $ref: getSchemaPath(DataExportResponse) }], nullable: true, description: 'Null when none is offered' } },
  })
  async offered(@CurrentUser() user: SessionUser): Promise<SuccessEnvelope<{ export: DataExportResponse | null }>> {
    const download = await this.exports.offered(user);
    return { success: true, export: download ? toDataExportResponse(download) : null };
  }

  @Post('data-export')
  @SignedIn()
  @RateLimit('dataExportByAccount')
  @ApiOperation({
    summary: 'Prepare a download of everything held about me',
    description:
      'One JSON file: the account, sign-ins, registrations (attendance included), teams, invitations, waitlist places, results, certificates, notifications, the e-mails sent and the audit records about the account. It replaces any earlier download.',
  })
  @ApiEnvelope({ status: 201, description: 'Prepared; the message says until when it is offered.', message: true, payload: { export: DataExportResponse } })
  async prepare(@CurrentUser() user: SessionUser): Promise<SuccessEnvelope<{ export: DataExportResponse }>> {
    const download = toDataExportResponse(await this.exports.prepare(user));
    return { success: true, message: `Your data is ready to download for ${DATA_EXPORT_HOURS} hours.`, export: download };
  }

  @Get('data-export.json')
  @SignedIn()
  @ApiOperation({ summary: 'Download my data', description: 'The file prepared by `POST /users/me/data-export`, while it is offered.' })
  @ApiDownload('application/json', 'The data, as an attachment.', { 404: 'No download is ready (none prepared, or it expired).' })
  async download(@CurrentUser() user: SessionUser, @Res() reply: DownloadReply): Promise<void> {
    const { fileName, content } = await this.exports.file(user);
    sendDownload(reply, 'application/json; charset=utf-8', fileName, content);
  }

  @Delete()
  @SignedIn()
  @HttpCode(200)
  @RateLimit('deleteAccountByAccount')
  @ApiOperation({
    summary: 'Delete my account',
    description:
      'Confirmed by the account’s e-mail address and password. Places in events not started are given back (offered to the waitlist), teams led pass to the next member (or are dissolved when alone, their members told), pending invitations are withdrawn, and the name, address and roll number are erased everywhere; past teams, results and attendance keep "Deleted account". Every session ends.',
  })
  @ApiEnvelope({
    description: 'Deleted; the session cookie is cleared.',
    message: true,
    errors: {
      400: 'The e-mail address typed is not the account’s, or the password is wrong (each on its field).',
      409: 'The last super admin, an account already deleted, or registrations changed while deleting.',
    },
  })
  async delete(@CurrentUser() user: SessionUser, @Body() form: DeleteAccountDto, @Cookies() cookies: CookieJar): Promise<SuccessEnvelope> {
    await this.deletion.delete(user, form);
    this.sessionCookies.clear(cookies);
    return { success: true, message: DELETED };
  }
}
