import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { fromBuffer as zipFromBuffer, type Entry } from 'yauzl';
import { auditLog } from '../../backend/src/database/schema/audit';
import type { EventRow } from '../../backend/src/database/schema/events';
import { users } from '../../backend/src/database/schema/users';
import { signedIn } from './support/accounts';
import { clubAdmin, DURING_REGISTRATION, type Person, person, superAdmin } from './support/admin';
import { type ApiContract, loadApiContract } from './support/api-contract';
import { expectError } from './support/expectations';
import { createEvent } from './support/factories';
import { festivalSettingsForm } from './support/festival-settings';
import { signaturePng } from './support/images';
import { mailsTo } from './support/outbox';
import { registeredTeamFromForm } from './support/teams';
import { useTestApp } from './support/test-app';

/** The factory's events are at 10:00 in India on 30 Aug 2025; half an hour in, winners can be chosen. */
const EVENT_DATE = new Date('2025-08-30T04:30:00.000Z');
const EVENT_UNDERWAY = new Date('2025-08-30T10:30:00+05:30');
const CODE = /^[0-9A-HJKMNP-TV-Z]{16}$/;
const NO_SUCH_CERTIFICATE = 'No such certificate.';
const PDF_TEXT = join(__dirname, 'support', 'pdf-text.mjs');

const SUMMARY = 'GET /api/v1/admin/events/{id}/certificates';
const ISSUE = 'POST /api/v1/admin/events/{id}/certificates';
const REVOKE = 'POST /api/v1/admin/certificates/{id}/revoke';
const REISSUE = 'POST /api/v1/admin/certificates/{id}/reissue';
const MINE = 'GET /api/v1/user/certificates';
const VERIFY = 'GET /api/v1/certificates/{code}';

interface Certificate {
  _id: string;
  code: string;
  kind: 'participation' | 'merit';
  place: number | null;
  studentName: string;
  teamName: string | null;
  revokedAt: string | null;
  revokedReason: string | null;
  currentName: string | null;
}

/** The body of a binary answer (a PDF, a ZIP), whole. */
const binary = (pending: request.Test) =>
  pending.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });

/** The text of the PDF's first page, as a reader extracts it (`support/pdf-text.mjs`). */
function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = execFile(process.execPath, [PDF_TEXT], { encoding: 'utf8' }, (error, text) => {
      if (error) reject(new Error(`The PDF could not be read: ${error.message}`));
      else resolve(text);
    });
    reader.stdin?.end(pdf);
  });
}

/** The names and first bytes of a ZIP's files. */
function zipEntries(zip: Buffer): Promise<{ name: string; head: string; size: number }[]> {
  return new Promise((resolve, reject) => {
    zipFromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error) {
        reject(error);
        return;
      }
      const entries: { name: string; head: string; size: number }[] = [];
      archive.on('entry', (entry: Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError);
            return;
          }
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const body = Buffer.concat(chunks);
            entries.push({ name: entry.fileName, head: body.subarray(0, 5).toString('latin1'), size: body.length });
            archive.readEntry();
          });
        });
      });
      archive.on('end', () => resolve(entries));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

describe('certificates: who is owed one, issuing, revoking, verifying, the PDF and the ZIP', () => {
  // Verifications are throttled by address, and every request here comes from one: the limit is the last describe's.
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { verifyCertificateByIp: { limit: 1000, windowSeconds: 60 } } });
  let contract: ApiContract;
  let admin: Person;
  beforeEach(async () => {
    contract ??= await loadApiContract(t);
    admin = await clubAdmin(t, 'Tech Club');
  });

  async function registered(event: EventRow, overrides: Parameters<typeof person>[1] = {}): Promise<Person> {
    const student = await person(t, overrides);
    await student.agent.post('/api/v1/solo').send({ eventId: event.id, studentId: student.user.id }).expect(201);
    return student;
  }

  /** Moves the clock into the event and signs the admin (and `others`) in again, their sessions having ended. */
  async function onTheDay(...others: Person[]): Promise<Person[]> {
    t.clock.advance(EVENT_UNDERWAY.getTime() - t.clock.now().getTime());
    admin = { user: admin.user, agent: await signedIn(t, admin.user) };
    return Promise.all(others.map(async (other) => ({ user: other.user, agent: await signedIn(t, other.user) })));
  }

  const markPresent = (event: EventRow, ...present: Person[]) =>
    admin.agent
      .put(`/api/v1/admin/events/${event.id}/attendance`)
      .send({ attendance: present.map((student) => ({ userId: student.user.id, isPresent: true })) })
      .expect(200);
  const chooseWinners = (event: EventRow, winners: object[]) => admin.agent.put(`/api/v1/admin/events/${event.id}/winners`).send({ winners }).expect(200);
  const nameTheSignatories = async () => {
    const boss = await superAdmin(t);
    await boss.agent.put('/api/v1/festival/settings').send(festivalSettingsForm(0)).expect(200);
  };
  const summaryOf = async (event: EventRow) => (await admin.agent.get(`/api/v1/admin/events/${event.id}/certificates`).expect(200)).body;
  const issue = (event: EventRow, by = admin) => by.agent.post(`/api/v1/admin/events/${event.id}/certificates`);
  const certificatesOf = async (event: EventRow): Promise<Certificate[]> => (await summaryOf(event)).certificates;
  const verify = (code: string) => request(t.http).get(`/api/v1/certificates/${encodeURIComponent(code)}`);

  /** A solo event run to its results: Asha first, Bala second, both present; Chitra absent; Devi registered and present but not placed. */
  async function decidedSoloEvent() {
    const event = await createEvent(t.db, { name: 'Code Sprint', clubInCharge: 'Tech Club', eventDate: EVENT_DATE });
    let asha = await registered(event, { name: 'अनन्या राव' });
    let bala = await registered(event, { name: 'Bala Murugan' });
    let chitra = await registered(event, { name: 'Chitra Das' });
    let devi = await registered(event, { name: 'Devi Nair' });
    [asha, bala, chitra, devi] = await onTheDay(asha, bala, chitra, devi);
    await markPresent(event, asha, bala, devi);
    await chooseWinners(event, [
      { place: 1, userId: asha.user.id },
      { place: 2, userId: bala.user.id },
    ]);
    await nameTheSignatories();
    return { event, asha, bala, chitra, devi };
  }

  it('issues participation to everyone present and merit to each winner, nobody absent, once however often asked, audited and e-mailed', async () => {
    const { event, asha, bala, chitra, devi } = await decidedSoloEvent();

    const before = await admin.agent.get(`/api/v1/admin/events/${event.id}/certificates`);
    contract.expectAnswer(SUMMARY, before, 200);
    expect(before.body.summary).toEqual({
      eligible: { participation: 3, merit: 2 },
      issued: { participation: 0, merit: 0 },
      toIssue: { participation: 3, merit: 2 },
      revoked: 0,
      refusal: null,
    });

    const issued = await issue(event);
    contract.expectAnswer(ISSUE, issued, 201);
    expect(issued.body).toMatchObject({ message: 'Issued 5 certificates of Code Sprint: 3 participation, 2 merit.', issued: { participation: 3, merit: 2 } });
    const [again, atOnce] = await Promise.all([issue(event), issue(event)]);
    for (const repeat of [again, atOnce]) {
      expect(repeat.status).toBe(201);
      expect(repeat.body).toMatchObject({ message: 'Every certificate of Code Sprint has already been issued.', issued: { participation: 0, merit: 0 } });
    }

    const certificates = await certificatesOf(event);
    const held = (student: Person) =>
      certificates
        .filter((certificate) => certificate.studentName === student.user.name)
        .map((certificate) => [certificate.kind, certificate.place])
        .sort();
    expect(certificates).toHaveLength(5);
    expect(held(asha)).toEqual([
      ['merit', 1],
      ['participation', null],
    ]);
    expect(held(bala)).toEqual([
      ['merit', 2],
      ['participation', null],
    ]);
    expect(held(devi)).toEqual([['participation', null]]);
    expect(held(chitra)).toEqual([]);
    expect(certificates.every((certificate) => CODE.test(certificate.code))).toBe(true);
    expect(new Set(certificates.map((certificate) => certificate.code)).size).toBe(5);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'event.certificates_issued'));
    expect(audit).toEqual([
      expect.objectContaining({ subjectId: event.id, club: 'Tech Club', changes: { participation: { from: null, to: 3 }, merit: { from: null, to: 2 } } }),
    ]);
    const mail = (await mailsTo(t.db, asha.user.email)).find((sent) => sent.subject.includes('certificate'));
    expect(mail?.subject).toBe('Code Sprint: your certificates are ready');
    expect(mail?.text).toContain('certificate of participation and certificate of merit (First place)');
    expect(mail?.text).toContain('/my-registrations');
    expect((await mailsTo(t.db, chitra.user.email)).filter((sent) => sent.subject.includes('certificate'))).toEqual([]);

    const mine = await asha.agent.get('/api/v1/user/certificates');
    contract.expectAnswer(MINE, mine, 200);
    expect(mine.body.certificates.map((certificate: Certificate) => certificate.kind).sort()).toEqual(['merit', 'participation']);
    expect((await chitra.agent.get('/api/v1/user/certificates').expect(200)).body.certificates).toEqual([]);
  });

  it('gives each member of a winning team marked present a merit certificate naming the team, and a participation one', async () => {
    const event = await createEvent(t.db, { name: 'Hackathon', eventType: 'group', clubInCharge: 'Tech Club', eventDate: EVENT_DATE, maxTeamSize: 4 });
    const [leader, member, absent] = [await person(t, { name: 'Asha Rao' }), await person(t, { name: 'Ravi Kumar' }), await person(t, { name: 'Karan Shah' })];
    const teamId = await registeredTeamFromForm(event, leader, [member, absent]);
    await onTheDay();
    await markPresent(event, leader, member, absent);
    await chooseWinners(event, [{ place: 1, teamId }]);
    await admin.agent
      .put(`/api/v1/admin/events/${event.id}/attendance`)
      .send({ attendance: [{ userId: absent.user.id, isPresent: false }] })
      .expect(200);
    await nameTheSignatories();

    await issue(event).expect(201);

    const merit = (await certificatesOf(event)).filter((certificate) => certificate.kind === 'merit');
    expect(merit.map((certificate) => [certificate.studentName, certificate.place, certificate.teamName]).sort()).toEqual([
      ['Asha Rao', 1, "Asha Rao's team"],
      ['Ravi Kumar', 1, "Asha Rao's team"],
    ]);
  });

  it('waits for the confirmed results and for the settings to name the institution and a signatory', async () => {
    const event = await createEvent(t.db, { name: 'Quiz', clubInCharge: 'Tech Club', eventDate: EVENT_DATE });
    let student = await registered(event);
    [student] = await onTheDay(student);
    await markPresent(event, student);

    expectError(await issue(event), 409, 'Certificates are issued once the results of Quiz are confirmed.');
    await chooseWinners(event, [{ place: 1, userId: student.user.id }]);
    const incomplete = "The super admin must first name the institution and the certificates' signatories in Festival Settings.";
    expect((await summaryOf(event)).summary.refusal).toBe(incomplete);
    expectError(await issue(event), 409, incomplete);
    await nameTheSignatories();
    await issue(event).expect(201);
  });

  it("keeps to the event's club: another club's admin and students are refused, the super admin is not", async () => {
    const { event, asha, bala } = await decidedSoloEvent();
    const otherAdmin = await clubAdmin(t, 'Arts Club');
    await issue(event, otherAdmin).expect(403);
    await issue(event, await superAdmin(t)).expect(201);
    const [certificate] = (await asha.agent.get('/api/v1/user/certificates').expect(200)).body.certificates as Certificate[];

    await otherAdmin.agent.post(`/api/v1/admin/certificates/${certificate._id}/revoke`).send({ reason: 'Not yours to revoke.' }).expect(403);
    await otherAdmin.agent.get(`/api/v1/admin/events/${event.id}/certificates.zip`).expect(403);
    expectError(await bala.agent.get(`/api/v1/user/certificates/${certificate._id}/certificate.pdf`), 404, 'Certificate not found');
    await asha.agent.get(`/api/v1/user/certificates/${certificate._id}/certificate.pdf`).expect(200);
  });

  it('verifies a real code (typed loosely too), says when and why a revoked one was revoked, and knows no other', async () => {
    const { event } = await decidedSoloEvent();
    await issue(event).expect(201);
    const [first, second] = await certificatesOf(event);

    const real = await verify(first.code);
    contract.expectAnswer(VERIFY, real, 200);
    expect(real.body.certificate).toMatchObject({
      code: first.code,
      kind: first.kind,
      studentName: first.studentName,
      eventName: 'Code Sprint',
      club: 'Tech Club',
      festivalName: 'Techfest',
      institutionName: 'Coastal Institute of Technology',
      eventDate: EVENT_DATE.toISOString(),
      revokedAt: null,
    });
    const typed = first.code
      .toLowerCase()
      .replace(/(.{4})/g, '$1 ')
      .replace(/0/g, 'o');
    expect((await verify(typed).expect(200)).body.certificate.code).toBe(first.code);

    const revoked = await admin.agent.post(`/api/v1/admin/certificates/${second._id}/revoke`).send({ reason: '  Marked present   by mistake. ' });
    contract.expectAnswer(REVOKE, revoked, 200);
    expect(revoked.body.certificate).toMatchObject({ revokedReason: 'Marked present by mistake.', revokedAt: t.clock.now().toISOString() });
    expectError(
      await admin.agent.post(`/api/v1/admin/certificates/${second._id}/revoke`).send({ reason: 'Twice over.' }),
      409,
      'This certificate is already revoked.',
    );
    expect((await verify(second.code).expect(200)).body.certificate).toMatchObject({ revokedReason: 'Marked present by mistake.' });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.revoked'))).toEqual([
      expect.objectContaining({
        subjectType: 'certificate',
        subjectId: second._id,
        changes: { revokedReason: { from: null, to: 'Marked present by mistake.' } },
      }),
    ]);
    // Issuing again does not bring a revoked certificate back.
    expect((await issue(event).expect(201)).body.issued).toEqual({ participation: 0, merit: 0 });

    const unknown = await verify('ZZZZ ZZZZ ZZZZ ZZZZ');
    contract.expectAnswer(VERIFY, unknown, 404);
    expectError(unknown, 404, NO_SUCH_CERTIFICATE);
    expectError(await verify('not-a-code'), 404, NO_SUCH_CERTIFICATE);
  });

  it("keeps the name as issued after the student's name changes, until the admin re-issues it under a new code", async () => {
    const { event, bala } = await decidedSoloEvent();
    await issue(event).expect(201);
    const original = (await certificatesOf(event)).find((certificate) => certificate.studentName === 'Bala Murugan' && certificate.kind === 'merit');
    await t.db.update(users).set({ name: 'Bala Murugan K' }).where(eq(users.id, bala.user.id));

    expect((await verify(original!.code).expect(200)).body.certificate.studentName).toBe('Bala Murugan');
    expect((await certificatesOf(event)).find((certificate) => certificate._id === original!._id)?.currentName).toBe('Bala Murugan K');

    const reissued = await admin.agent.post(`/api/v1/admin/certificates/${original!._id}/reissue`);
    contract.expectAnswer(REISSUE, reissued, 201);
    const replacement: Certificate = reissued.body.certificate;
    expect(replacement).toMatchObject({ studentName: 'Bala Murugan K', kind: 'merit', place: 2, revokedAt: null, currentName: null });
    expect(replacement.code).not.toBe(original!.code);
    expect((await verify(original!.code).expect(200)).body.certificate.revokedReason).toBe(`Re-issued as certificate ${replacement.code}.`);
    expectError(
      await admin.agent.post(`/api/v1/admin/certificates/${original!._id}/reissue`),
      409,
      'This certificate is revoked: only a standing certificate is re-issued.',
    );
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'certificate.reissued'))).toEqual([
      expect.objectContaining({
        subjectId: replacement._id,
        changes: { studentName: { from: 'Bala Murugan', to: 'Bala Murugan K' }, code: { from: original!.code, to: replacement.code } },
      }),
    ]);
  });

  it("draws the PDF with the student's name in its own script, the event and the code, as a reader extracts them", async () => {
    const { event, asha } = await decidedSoloEvent();
    await issue(event).expect(201);
    const [merit] = ((await asha.agent.get('/api/v1/user/certificates').expect(200)).body.certificates as Certificate[]).filter(
      (certificate) => certificate.kind === 'merit',
    );

    const response = await binary(asha.agent.get(`/api/v1/user/certificates/${merit._id}/certificate.pdf`)).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="code-sprint-merit-student-[0-9A-Z]{8}\.pdf"$/);

    const text = await pdfText(response.body as Buffer);
    expect(text).toContain('अनन्या राव');
    expect(text).toContain('Code Sprint');
    expect(text).toContain('Certificate of Merit');
    expect(text).toContain('first place');
    expect(text).toContain('COASTAL INSTITUTE OF TECHNOLOGY');
    expect(text).toContain('Dr. Meenakshi Iyer');
    expect(text).toContain(merit.code.replace(/(.{4})(?=.)/g, '$1 '));
  });

  describe("signatories' signature images", () => {
    const upload = (boss: Person, bytes: Buffer | string, type = 'image/png') =>
      boss.agent.post('/api/v1/festival/signature-images').set('Content-Type', type).send(bytes);
    /** The images a PDF embeds (the QR of the verification page is one). */
    const imagesIn = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    const signedBy = (signatureImageId: string | null) =>
      festivalSettingsForm(1, {
        certificate: {
          institutionName: 'Coastal Institute of Technology',
          signatories: [{ name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId }],
        },
      });

    it("takes a PNG or JPEG of a signature's size, judged by its bytes, and keeps it under its SHA-256", async () => {
      const boss = await superAdmin(t);
      const signature = signaturePng(300, 80);
      const uploaded = await upload(boss, signature).expect(201);
      const id = createHash('sha256').update(signature).digest('hex');
      expect(uploaded.body.signatureImage).toEqual({ id, contentType: 'image/png', width: 300, height: 80 });
      contract.expectAnswer('POST /api/v1/festival/signature-images', uploaded);
      expect((await upload(boss, signature).expect(201)).body.signatureImage.id).toBe(id);
      const shown = await binary(boss.agent.get(`/api/v1/festival/signature-images/${id}`)).expect(200);
      expect(shown.headers['content-type']).toBe('image/png');
      expect(shown.body).toEqual(signature);
      expectError(await boss.agent.get(`/api/v1/festival/signature-images/${'0'.repeat(64)}`), 404, 'No such signature image');

      // A GIF called a PNG, a poster rather than a signature, too many bytes, or another kind of body.
      expectError(await upload(boss, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')), 400, 'A signature image must be a PNG or JPEG file');
      expectError(await upload(boss, signaturePng(3000, 100)), 400, 'A signature image is at most 2000 by 1000 pixels: crop it to the signature');
      expectError(await upload(boss, Buffer.alloc(101 * 1024, 7)), 413, 'The request is too large.');
      expect((await upload(boss, 'a signature', 'text/plain')).status).toBe(415);
      // Nowhere else does the API take an image.
      expect((await boss.agent.put('/api/v1/festival/settings').set('Content-Type', 'image/png').send(signature)).status).toBe(415);
    });

    it("is refused in the settings unless it was uploaded, and is drawn above its signatory's line on the certificates", async () => {
      const { event, asha } = await decidedSoloEvent();
      const boss = await superAdmin(t);
      const unknown = await boss.agent.put('/api/v1/festival/settings').send(signedBy('f'.repeat(64)));
      expectError(unknown, 400, 'That signature image is not on record: upload it again');
      expect(unknown.body.errors).toEqual([
        { field: 'certificate.signatories.0.signatureImageId', message: 'That signature image is not on record: upload it again' },
      ]);

      const { id } = (await upload(boss, signaturePng(240, 60)).expect(201)).body.signatureImage as { id: string };
      const saved = await boss.agent.put('/api/v1/festival/settings').send(signedBy(id)).expect(200);
      expect(saved.body.settings.certificate.signatories).toEqual([{ name: 'Dr. Meenakshi Iyer', title: 'Principal', signatureImageId: id }]);
      await issue(event).expect(201);
      const [certificate] = (await asha.agent.get('/api/v1/user/certificates').expect(200)).body.certificates as Certificate[];
      const pdf = (await binary(asha.agent.get(`/api/v1/user/certificates/${certificate._id}/certificate.pdf`)).expect(200)).body as Buffer;
      expect(imagesIn(pdf)).toBe(2);
      expect(await pdfText(pdf)).toContain('Dr. Meenakshi Iyer');
    });
  });

  it("zips the event's standing certificates, one PDF each", async () => {
    const { event } = await decidedSoloEvent();
    await issue(event).expect(201);
    const [revoked] = await certificatesOf(event);
    await admin.agent.post(`/api/v1/admin/certificates/${revoked._id}/revoke`).send({ reason: 'Issued in error.' }).expect(200);

    const response = await binary(admin.agent.get(`/api/v1/admin/events/${event.id}/certificates.zip`)).expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="code-sprint-certificates.zip"');
    const entries = await zipEntries(response.body as Buffer);
    expect(entries).toHaveLength(4);
    expect(entries.every((entry) => entry.head === '%PDF-' && entry.size > 5000)).toBe(true);
    expect(entries.map((entry) => entry.name)).not.toContainEqual(expect.stringContaining(revoked.code.slice(0, 8)));
    expect(entries.map((entry) => entry.name)).toContainEqual(expect.stringMatching(/^code-sprint-merit-bala-murugan-[0-9A-Z]{8}\.pdf$/));

    const empty = await createEvent(t.db, { name: 'Empty Hall', clubInCharge: 'Tech Club', eventDate: EVENT_DATE });
    expectError(await admin.agent.get(`/api/v1/admin/events/${empty.id}/certificates.zip`), 404, 'No certificates of Empty Hall have been issued yet.');
  });
});

describe('certificates: the verification page is throttled by address', () => {
  const LIMIT = 5;
  const t = useTestApp({}, { now: DURING_REGISTRATION, rateLimits: { verifyCertificateByIp: { limit: LIMIT, windowSeconds: 60 } } });

  it('answers exactly the limit of verifications fired together, and 429 the rest', async () => {
    const answers = await Promise.all(Array.from({ length: LIMIT + 3 }, () => request(t.http).get('/api/v1/certificates/ZZZZZZZZZZZZZZZZ')));
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(LIMIT);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled).toHaveLength(3);
    expect(Number(throttled[0].headers['retry-after'])).toBeGreaterThan(0);
  });
});
