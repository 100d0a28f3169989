import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminsOnly, Public, SignedIn, StudentsOnly } from '../common/access.decorators.js';
import { ApiEnvelope } from '../common/api-envelope.js';
import { ApiDownload, type DownloadReply, sendDownload } from '../common/download.js';
import type { SuccessEnvelope } from '../common/envelope.js';
import { CurrentUser, type SessionUser } from '../common/session-user.js';
import { uuid } from '../common/uuid-param.js';
import { RateLimit } from '../throttling/rate-limit.decorator.js';
import { RevokeCertificateDto } from './certificates.dto.js';
import {
  CertificateCounts,
  CertificateFactsResponse,
  CertificateSummaryResponse,
  EventCertificateResponse,
  StudentCertificateResponse,
} from './certificates.response.js';
import { CertificatesService } from './certificates.service.js';

const OWN_CLUB_ERRORS = { 403: "Another club's event.", 404: 'Event not found' };
const CERTIFICATE_ERRORS = { 400: 'Invalid certificate id', 403: "Another club's certificate.", 404: 'Certificate not found' };

/** An event's certificates, for its club's admins and the super admin. */
@ApiTags('admin')
@AdminsOnly()
@Controller('admin')
export class EventCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get('events/:id/certificates')
  @ApiOperation({
    summary: "The event's certificates",
    description: 'Every certificate issued (revoked ones too), and how many each kind the event owes, holds and would add by issuing now.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'The summary and the certificates, merit first by place, then by name.',
    payload: { summary: CertificateSummaryResponse, certificates: [EventCertificateResponse] },
    errors: { 400: 'Invalid event id', ...OWN_CLUB_ERRORS },
  })
  async list(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('event')) id: string,
  ): Promise<SuccessEnvelope<{ summary: CertificateSummaryResponse; certificates: EventCertificateResponse[] }>> {
    return { success: true, ...(await this.certificates.ofEvent(admin, id)) };
  }

  @Post('events/:id/certificates')
  @ApiOperation({
    summary: "Issues the event's certificates",
    description:
      'Once its results are confirmed: participation for every student marked present, merit for each winner (every present member of a winning team). ' +
      'Issues only those not issued yet (a revoked one is not issued again), so a repeat issues nothing; each student is e-mailed; audited.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    status: 201,
    description: 'Issued (none, when every one was already).',
    message: true,
    payload: { issued: CertificateCounts },
    errors: {
      400: 'Invalid event id',
      ...OWN_CLUB_ERRORS,
      409: "The results are not confirmed yet, the festival settings do not name the institution and a signatory yet, or the event's festival has ended.",
    },
  })
  async issue(@CurrentUser() admin: SessionUser, @Param('id', uuid('event')) id: string): Promise<SuccessEnvelope<{ issued: CertificateCounts }>> {
    return { success: true, ...(await this.certificates.issue(admin, id)) };
  }

  @Get('events/:id/certificates.zip')
  @ApiOperation({ summary: 'Every standing certificate of the event, as one ZIP of PDFs', description: 'Written as it is sent, one PDF at a time.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiDownload('application/zip', '`<event>-certificates.zip`, as an attachment.', {
    400: 'Invalid event id',
    ...OWN_CLUB_ERRORS,
    404: 'Event not found, or none of its certificates issued yet',
  })
  async zip(@CurrentUser() admin: SessionUser, @Param('id', uuid('event')) id: string, @Res() reply: DownloadReply): Promise<void> {
    const { fileName, zip } = await this.certificates.eventZip(admin, id);
    sendDownload(reply, 'application/zip', fileName, zip);
  }

  @Post('certificates/:id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revokes a certificate', description: 'Its verification then says it was revoked, when and why; audited.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    description: 'Revoked.',
    message: true,
    payload: { certificate: EventCertificateResponse },
    errors: { ...CERTIFICATE_ERRORS, 409: 'Already revoked.' },
  })
  async revoke(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('certificate')) id: string,
    @Body() { reason }: RevokeCertificateDto,
  ): Promise<SuccessEnvelope<{ certificate: EventCertificateResponse }>> {
    const certificate = await this.certificates.revoke(admin, id, reason);
    return { success: true, message: `The certificate of ${certificate.studentName} is revoked.`, certificate };
  }

  @Post('certificates/:id/reissue')
  @ApiOperation({
    summary: 'Re-issues a certificate',
    description:
      'As the student and event are now (a corrected name), under a new code; the earlier certificate is revoked, its verification naming the new one. The student is e-mailed; audited.',
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiEnvelope({
    status: 201,
    description: 'The new certificate.',
    message: true,
    payload: { certificate: EventCertificateResponse },
    errors: { ...CERTIFICATE_ERRORS, 409: "It is revoked, its student is no longer owed it, its event was deleted, or the event's festival has ended." },
  })
  async reissue(
    @CurrentUser() admin: SessionUser,
    @Param('id', uuid('certificate')) id: string,
  ): Promise<SuccessEnvelope<{ certificate: EventCertificateResponse }>> {
    const certificate = await this.certificates.reissue(admin, id);
    return { success: true, message: `The certificate of ${certificate.studentName} is re-issued.`, certificate };
  }
}

/** A student's own certificates. */
@ApiTags('users')
@Controller('user/certificates')
export class StudentCertificatesController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get()
  @SignedIn()
  @ApiOperation({ summary: 'My certificates', description: 'The standing certificates issued to the caller, newest first; none for an admin.' })
  @ApiEnvelope({ description: 'The certificates.', payload: { certificates: [StudentCertificateResponse] } })
  async mine(@CurrentUser() user: SessionUser): Promise<SuccessEnvelope<{ certificates: StudentCertificateResponse[] }>> {
    return { success: true, certificates: await this.certificates.ofStudent(user) };
  }

  @Get(':id/certificate.pdf')
  @StudentsOnly()
  @ApiOperation({ summary: 'Downloads one of my certificates', description: 'A4 landscape PDF, as issued.' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiDownload('application/pdf', 'The certificate, as an attachment.', {
    400: 'Invalid certificate id',
    404: 'Certificate not found (or not the caller’s, or revoked)',
  })
  async pdf(@CurrentUser() student: SessionUser, @Param('id', uuid('certificate')) id: string, @Res() reply: DownloadReply): Promise<void> {
    const { fileName, pdf } = await this.certificates.studentPdf(student, id);
    sendDownload(reply, 'application/pdf', fileName, pdf);
  }
}

/** What a certificate's code stands for, for anyone holding one to check. */
@ApiTags('certificates')
@Controller('certificates')
export class CertificateVerificationController {
  constructor(private readonly certificates: CertificatesService) {}

  @Get(':code')
  @Public()
  @RateLimit('verifyCertificateByIp')
  @ApiOperation({
    summary: 'Verifies a certificate',
    description: 'What was issued, to whom, for what, and whether it was revoked since. The code in any case, with or without spaces.',
  })
  @ApiParam({ name: 'code', description: 'The 16 characters printed on the certificate and held by its QR' })
  @ApiEnvelope({ description: 'The certificate.', payload: { certificate: CertificateFactsResponse }, errors: { 404: 'No such certificate.' } })
  async verify(@Param('code') code: string): Promise<SuccessEnvelope<{ certificate: CertificateFactsResponse }>> {
    return { success: true, certificate: await this.certificates.verify(code) };
  }
}
