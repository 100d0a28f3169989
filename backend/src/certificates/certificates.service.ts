import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ConflictException, ForbiddenException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { Clock } from '../common/clock.js';
import { slug } from '../common/download.js';
import type { AccountTraces } from '../common/erasure.js';
import { administersClub } from '../common/permissions.js';
import type { SessionUser } from '../common/session-user.js';
import { newTicketCode, ticketCodeOf } from '../common/ticket-code.js';
import type { AppConfig } from '../config/app-config.js';
import { APP_CONFIG } from '../config/config.module.js';
import { DatabaseService, type Executor } from '../database/database.service.js';
import type { CertificateKind, CertificateRow, NewCertificateRow } from '../database/schema/certificates.js';
import type { EventRow } from '../database/schema/events.js';
import { EventsService } from '../events/events.service.js';
import { MailService } from '../mail/mail.service.js';
import { RegistrationsService } from '../registrations/registrations.service.js';
import { ResultsService } from '../results/results.service.js';
import { FestivalSettingsService } from '../settings/festival-settings.service.js';
import { SignatureImagesService } from '../settings/signature-images.service.js';
import { TeamsService } from '../teams/teams.service.js';
import { UsersService } from '../users/users.service.js';
import { certificatePdf } from './certificate-pdf.js';
import { certificatesZip } from './certificate-zip.js';
import { certificatesIssuedMail } from './certificates.mails.js';
import { CertificatesRepository } from './certificates.repository.js';
import {
  type CertificateCounts,
  type CertificateFactsResponse,
  type CertificateSummaryResponse,
  type EventCertificateResponse,
  type StudentCertificateResponse,
  toCertificateFacts,
} from './certificates.response.js';

const NO_SUCH_CERTIFICATE = 'No such certificate.';
const CERTIFICATE_NOT_FOUND = 'Certificate not found';
/** Why a deleted account's certificates no longer stand: its verification page says so. */
const HOLDER_DELETED = 'The holder deleted their account.';

/** One certificate a student is owed: their presence, or their place (their team's). */
interface Entitlement {
  userId: string;
  kind: CertificateKind;
  place: number | null;
  teamId: string | null;
}

const hashOf = (code: string): string => createHash('sha256').update(code).digest('hex');
const keyOf = (userId: string | null, kind: CertificateKind) => `${userId ?? ''}:${kind}`;
const counted = (items: readonly { kind: CertificateKind }[]): CertificateCounts => ({
  participation: items.filter((item) => item.kind === 'participation').length,
  merit: items.filter((item) => item.kind === 'merit').length,
});

/**
 * Participation and merit certificates (docs/decisions.md, "Certificates"). A student marked
 * present is owed a participation certificate; each confirmed winner a merit one (every member of a
 * winning team who was present). The event's club admin issues them once its results are
 * confirmed: what they say is copied into each row then, so a certificate never changes after
 * it is issued, only revoked (with a reason) or re-issued (a new one, the earlier revoked). The
 * PDFs are drawn when asked for, from the row, outside any transaction.
 */
@Injectable()
export class CertificatesService {
  constructor(
    private readonly certificates: CertificatesRepository,
    private readonly events: EventsService,
    private readonly registrations: RegistrationsService,
    private readonly results: ResultsService,
    private readonly teams: TeamsService,
    private readonly users: UsersService,
    private readonly settings: FestivalSettingsService,
    private readonly signatureImages: SignatureImagesService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly database: DatabaseService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The event's certificates (revoked ones too) and the counts its club admin issues by. */
  async ofEvent(admin: SessionUser, eventId: string): Promise<{ summary: CertificateSummaryResponse; certificates: EventCertificateResponse[] }> {
    const event = await this.events.getAdministered(admin, eventId);
    const rows = await this.certificates.ofEvent(event.id);
    const owed = await this.entitlementsOf(event, this.database.db);
    const people = await this.users.findByIds([...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))]);
    const nameNow = new Map(people.map((person) => [person.id, person.name]));
    return {
      summary: this.summaryOf(event, owed, rows, await this.results.hasWinners(event.id)),
      certificates: rows.map((row) => {
        const currentName = row.userId ? nameNow.get(row.userId) : undefined;
        return {
          ...toCertificateFacts(row),
          _id: row.id,
          userId: row.userId,
          currentName: currentName && currentName !== row.studentName ? currentName : null,
        };
      }),
    };
  }

  /**
   * Issues the certificates the event's students are owed and do not hold yet, with an e-mail to
   * each student and one audit record, in one transaction holding the event's row: issuing twice
   * (or twice at once) issues each certificate once. A revoked certificate is not issued again.
   */
  async issue(admin: SessionUser, eventId: string): Promise<{ message: string; issued: CertificateCounts }> {
    const listed = await this.events.getAdministered(admin, eventId);
    const issued = await this.database.transaction(async (tx) => {
      const event = await this.events.lock(listed.id, tx);
      const refusal = this.refusalOf(event, await this.results.hasWinners(event.id, tx));
      if (refusal) throw new ConflictException(refusal);
      const owed = await this.entitlementsOf(event, tx);
      const held = await this.certificates.ofEvent(event.id, tx);
      const holding = new Set(held.map((row) => keyOf(row.userId, row.kind)));
      const missing = owed.filter((entitlement) => !holding.has(keyOf(entitlement.userId, entitlement.kind)));
      const rows = await this.certificates.insert(await this.newCertificates(event, missing, admin, tx), tx);
      if (rows.length > 0) await this.announce(admin, event, rows, tx);
      return rows;
    });
    const counts = counted(issued);
    return { message: issuedMessage(listed.name, counts), issued: counts };
  }

  /** Revokes a standing certificate with the reason its verification shows; audited. */
  async revoke(admin: SessionUser, id: string, reason: string): Promise<EventCertificateResponse> {
    const certificate = await this.administered(admin, id);
    const revoked = await this.database.transaction(async (tx) => {
      const row = await this.certificates.revoke(certificate.id, { revokedAt: this.clock.now(), revokedReason: reason, revokedBy: admin.id }, tx);
      if (!row) throw new ConflictException('This certificate is already revoked.');
      await this.record(admin, 'certificate.revoked', row, { revokedReason: { from: null, to: reason } }, tx);
      return row;
    });
    return this.forAdmin(revoked);
  }

  /**
   * Issues the certificate again as the student and event are now (a corrected name, a renamed
   * event), under a new code; the earlier one is revoked, its verification naming the new code.
   * Refused for a revoked certificate and for a student no longer owed it.
   */
  async reissue(admin: SessionUser, id: string): Promise<EventCertificateResponse> {
    const certificate = await this.administered(admin, id);
    const { eventId } = certificate;
    if (!eventId) throw new ConflictException('The event of this certificate was deleted: it can be revoked, not re-issued.');
    const replacement = await this.database.transaction(async (tx) => {
      const event = await this.events.lock(eventId, tx);
      this.events.requireOpenEdition(event);
      const owed = (await this.entitlementsOf(event, tx)).find(
        (entitlement) => entitlement.userId === certificate.userId && entitlement.kind === certificate.kind,
      );
      if (!owed) throw new ConflictException(`${certificate.studentName} is no longer owed this certificate: revoke it instead.`);
      const [fresh] = await this.newCertificates(event, [owed], admin, tx);
      const revoked = await this.certificates.revoke(
        certificate.id,
        { revokedAt: this.clock.now(), revokedReason: `Re-issued as certificate ${fresh.code}.`, revokedBy: admin.id },
        tx,
      );
      if (!revoked) throw new ConflictException('This certificate is revoked: only a standing certificate is re-issued.');
      const [row] = await this.certificates.insert([fresh], tx);
      await this.record(
        admin,
        'certificate.reissued',
        row,
        { studentName: { from: certificate.studentName, to: row.studentName }, code: { from: certificate.code, to: row.code } },
        tx,
      );
      await this.mail.sendMany(this.mailsFor([row], await this.users.findByIds([owed.userId], tx)), tx);
      return row;
    });
    return this.forAdmin(replacement);
  }

  /**
   * What a certificate code stands for, for anyone. The text is read as a code is typed (any case,
   * spaces, look-alikes) and looked up by its hash, whatever it is: an unknown code costs the same
   * one index probe as a real one, and answers 404.
   */
  async verify(text: string): Promise<CertificateFactsResponse> {
    const row = await this.certificates.findByCodeHash(hashOf(ticketCodeOf(text) ?? text));
    if (!row) throw new NotFoundException(NO_SUCH_CERTIFICATE);
    return toCertificateFacts(row);
  }

  /** The student's standing certificates, newest first. */
  async ofStudent(student: SessionUser): Promise<StudentCertificateResponse[]> {
    return (await this.certificates.standingOfStudent(student.id)).map((row) => ({ ...toCertificateFacts(row), _id: row.id, eventId: row.eventId }));
  }

  /** Every certificate issued to the student, revoked ones too, as its verification page tells it (their data download). */
  async allOfStudent(userId: string): Promise<CertificateFactsResponse[]> {
    return (await this.certificates.allOfStudent(userId)).map(toCertificateFacts);
  }

  /** Erases a deleted account's certificates (see the repository), in its deletion's transaction. */
  eraseHolder(userId: string, traces: AccountTraces, executor: Executor): Promise<void> {
    return this.certificates.eraseHolder(userId, traces, { revokedAt: this.clock.now(), revokedReason: HOLDER_DELETED }, executor);
  }

  /** The student's own standing certificate as a PDF. */
  async studentPdf(student: SessionUser, id: string): Promise<{ fileName: string; pdf: Buffer }> {
    const row = await this.certificates.findById(id);
    if (!row || row.userId !== student.id || row.revokedAt) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    return { fileName: fileNameOf(row), pdf: await certificatePdf(row, this.verificationUrl(row.code), await this.signaturesOf([row])) };
  }

  /**
   * The event's standing certificates as one ZIP of PDFs, each drawn as the archive reaches it
   * and sent on as it is written: the rows are read first, and no transaction is held meanwhile.
   */
  async eventZip(admin: SessionUser, eventId: string): Promise<{ fileName: string; zip: Readable }> {
    const event = await this.events.getAdministered(admin, eventId);
    const rows = await this.certificates.standingOfEvent(event.id);
    if (rows.length === 0) throw new NotFoundException(`No certificates of ${event.name} have been issued yet.`);
    const entries = rows.map((row) => ({ name: fileNameOf(row), row, verificationUrl: this.verificationUrl(row.code) }));
    return { fileName: `${slug(event.name, 'event')}-certificates.zip`, zip: certificatesZip(entries, await this.signaturesOf(rows)) };
  }

  /** The signature images the certificates name, by id, read once for all of them. */
  private async signaturesOf(rows: readonly CertificateRow[]): Promise<Map<string, Buffer>> {
    const ids = new Set(rows.flatMap((row) => row.signatories.flatMap(({ signatureImageId }) => (signatureImageId ? [signatureImageId] : []))));
    const images = await this.signatureImages.byIds([...ids]);
    return new Map([...images].map(([id, image]) => [id, image.bytes]));
  }

  /** The page that shows what a code stands for: the QR on each certificate opens it. */
  private verificationUrl(code: string): string {
    return new URL(`/verify/${code}`, this.config.publicUrl).toString();
  }

  /** The certificate, when the admin runs its event's club (the club it was issued under, once the event is gone). */
  private async administered(admin: SessionUser, id: string): Promise<CertificateRow> {
    const row = await this.certificates.findById(id);
    if (!row) throw new NotFoundException(CERTIFICATE_NOT_FOUND);
    if (row.eventId) await this.events.getAdministered(admin, row.eventId);
    else if (!administersClub(admin, row.club)) throw new ForbiddenException("Another club's certificate.");
    return row;
  }

  /**
   * Who is owed which certificate now: participation for every approved student marked present;
   * merit for each confirmed place's student, or each member of its team who was present.
   */
  private async entitlementsOf(event: EventRow, executor: Executor): Promise<Entitlement[]> {
    const present = (await this.registrations.standingOf(event.id, executor)).filter((row) => row.status === 'approved' && row.isPresent);
    const participation = present.map((row): Entitlement => ({ userId: row.userId, kind: 'participation', place: null, teamId: row.teamId }));
    const merit = (await this.results.confirmedPlaces(event.id, executor)).flatMap(({ place, userId, teamId }) =>
      present
        .filter((row) => (teamId ? row.teamId === teamId : row.userId === userId))
        .map((row): Entitlement => ({ userId: row.userId, kind: 'merit', place, teamId: row.teamId })),
    );
    return [...participation, ...merit];
  }

  /** The rows for `owed`, with what the certificates say as it is now and a new code each. */
  private async newCertificates(event: EventRow, owed: readonly Entitlement[], admin: SessionUser, tx: Executor): Promise<NewCertificateRow[]> {
    const { name: festivalName, certificate, timeZone } = this.settings.current;
    const students = new Map((await this.users.findByIds([...new Set(owed.map((entitlement) => entitlement.userId))], tx)).map((user) => [user.id, user]));
    const teamIds = [...new Set(owed.flatMap((entitlement) => (entitlement.kind === 'merit' && entitlement.teamId ? [entitlement.teamId] : [])))];
    const teamNames = await this.teams.teamNames(teamIds, tx);
    const issuedAt = this.clock.now();
    return owed.map((entitlement) => {
      const code = newTicketCode();
      return {
        code,
        codeHash: hashOf(code),
        kind: entitlement.kind,
        place: entitlement.place,
        eventId: event.id,
        userId: entitlement.userId,
        editionId: event.editionId,
        studentName: students.get(entitlement.userId)?.name ?? '',
        teamName: entitlement.kind === 'merit' && entitlement.teamId ? (teamNames.get(entitlement.teamId) ?? null) : null,
        eventName: event.name,
        eventDate: event.eventDate,
        club: event.clubInCharge,
        festivalName,
        institutionName: certificate.institutionName,
        timeZone,
        signatories: certificate.signatories,
        issuedAt,
        issuedBy: admin.id,
      };
    });
  }

  private summaryOf(event: EventRow, owed: readonly Entitlement[], rows: readonly CertificateRow[], resultsConfirmed: boolean): CertificateSummaryResponse {
    const standing = rows.filter((row) => !row.revokedAt);
    const held = new Set(rows.map((row) => keyOf(row.userId, row.kind)));
    return {
      eligible: counted(owed),
      issued: counted(standing),
      toIssue: counted(owed.filter((entitlement) => !held.has(keyOf(entitlement.userId, entitlement.kind)))),
      revoked: rows.length - standing.length,
      refusal: this.refusalOf(event, resultsConfirmed) ?? null,
    };
  }

  /** Why the event's certificates cannot be issued now, in words; nothing when they can. */
  private refusalOf(event: EventRow, resultsConfirmed: boolean): string | undefined {
    if (!this.events.isOfOpenEdition(event)) return `${event.name} belongs to a festival that has ended: its certificates can no longer be issued.`;
    if (!resultsConfirmed) return `Certificates are issued once the results of ${event.name} are confirmed.`;
    const { institutionName, signatories } = this.settings.current.certificate;
    if (!institutionName || signatories.length === 0)
      return "The super admin must first name the institution and the certificates' signatories in Festival Settings.";
    return undefined;
  }

  /** The students' e-mails and the audit record of an issue. */
  private async announce(admin: SessionUser, event: EventRow, rows: readonly CertificateRow[], tx: Executor): Promise<void> {
    const students = await this.users.findByIds([...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))], tx);
    await this.mail.sendMany(this.mailsFor(rows, students), tx);
    const counts = counted(rows);
    await this.audit.record(
      {
        actor: admin,
        action: 'event.certificates_issued',
        club: event.clubInCharge,
        subject: { type: 'event', id: event.id, label: event.name },
        changes: { participation: { from: null, to: counts.participation }, merit: { from: null, to: counts.merit } },
      },
      tx,
    );
  }

  /** One e-mail per student, naming every certificate of theirs in `rows`. */
  private mailsFor(rows: readonly CertificateRow[], students: readonly { id: string; name: string; email: string }[]) {
    const url = new URL('/my-registrations', this.config.publicUrl).toString();
    return students.map((student) =>
      certificatesIssuedMail({ to: student.email, studentName: student.name, certificates: rows.filter((row) => row.userId === student.id), url }),
    );
  }

  private record(
    admin: SessionUser,
    action: 'certificate.revoked' | 'certificate.reissued',
    row: CertificateRow,
    changes: Record<string, { from: unknown; to: unknown }>,
    tx: Executor,
  ) {
    return this.audit.record(
      { actor: admin, action, club: row.club, subject: { type: 'certificate', id: row.id, label: `${row.studentName}, ${row.eventName}` }, changes },
      tx,
    );
  }

  private async forAdmin(row: CertificateRow): Promise<EventCertificateResponse> {
    const [student] = row.userId ? await this.users.findByIds([row.userId]) : [];
    return { ...toCertificateFacts(row), _id: row.id, userId: row.userId, currentName: student && student.name !== row.studentName ? student.name : null };
  }
}

/** `Issued 12 certificates of Code Sprint: 10 participation, 2 merit.`, or that none were left to issue. */
function issuedMessage(eventName: string, { participation, merit }: CertificateCounts): string {
  const total = participation + merit;
  if (total === 0) return `Every certificate of ${eventName} has already been issued.`;
  return `Issued ${total} ${total === 1 ? 'certificate' : 'certificates'} of ${eventName}: ${participation} participation, ${merit} merit.`;
}

/** `code-sprint-merit-asha-verma-K7QX9M2D.pdf`: the event, the kind and the student, told apart by the code's start. */
function fileNameOf(row: CertificateRow): string {
  return `${slug(row.eventName, 'event')}-${row.kind}-${slug(row.studentName, 'student')}-${row.code.slice(0, 8)}.pdf`;
}
