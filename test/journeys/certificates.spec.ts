// Certificates from the event day to a stranger's phone: the super admin names the certificates'
// institution and signatories, a student registers for a Blue Sky Forum event that the super
// admin then moves to today, marks the student present and confirms them first. The club's admin
// issues the certificates from the event-day panel, the student downloads the merit certificate
// from My Registrations, and a visitor opens the verification address its QR code carries (read
// from the PDF's text) and finds it verified. The event is deleted and the settings put back at the
// end, pass or fail, so the other journeys find the demo festival as it was; the certificates stay
// on record, as issued certificates do.
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiAs } from '../support/api-as';
import { expectNoAxeViolations } from '../support/axe';
import { createSoloEvent, deleteEvent, moveEvent } from '../support/journey-events';
import { signIn } from '../support/sign-in';
import { SmtpInbox } from '../support/smtp-inbox';
import { panelOf } from '../support/winners-board';

const BASE_URL = `http://localhost:${process.env.JOURNEY_PORT ?? 3100}`;
const SUPER_ADMIN = { email: 'superadmin@campus.ac.in', password: 'Festival@2025' };
const CLUB_ADMIN = { email: 'bluesky.admin@campus.ac.in', password: 'ClubAdmin@123' };
const STUDENT = { name: 'Karthik Raj', email: 'karthik.22mech@campus.ac.in', password: 'Student@123' };
const EVENT = 'Extempore';
const MINUTE = 60_000;
/** The PDF reader the API tests use: the text of a PDF's first page. */
const PDF_TEXT = join(__dirname, '..', 'api', 'support', 'pdf-text.mjs');

// Issuing e-mails the student and deleting the event e-mails them again; the server delivers to
// this inbox (see serve.mjs), so nothing is left for a later journey's.
const inbox = new SmtpInbox();
test.beforeAll(async () => {
  await inbox.start(Number(process.env.JOURNEY_SMTP_PORT ?? 2526));
});
test.afterAll(async () => {
  await inbox.stop();
});

type FestivalSettings = Record<string, unknown> & { version: number; updatedAt?: unknown; source?: unknown };

async function settingsOf(boss: APIRequestContext): Promise<FestivalSettings> {
  return ((await (await boss.get('/api/v1/festival/settings')).json()) as { settings: FestivalSettings }).settings;
}

/** Saves `settings` over whatever version stands now. */
async function saveSettings(boss: APIRequestContext, { updatedAt: _updatedAt, source: _source, ...settings }: FestivalSettings): Promise<void> {
  const saved = await boss.put('/api/v1/festival/settings', { data: { ...settings, version: (await settingsOf(boss)).version } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

/** The club's solo event on the festival's first day, the student registered; then it is moved to a minute ago, so it has begun today. */
async function eventOfToday(boss: APIRequestContext): Promise<string> {
  const eventId = await createSoloEvent(boss, EVENT, 'Two minutes on a topic drawn from a hat.');
  const { api: student, userId } = await apiAs(BASE_URL, STUDENT);
  const registered = await student.post('/api/v1/solo', { data: { eventId, studentId: userId } });
  expect(registered.status(), await registered.text()).toBe(201);
  await student.dispose();
  await moveEvent(boss, eventId, new Date(Date.now() - MINUTE));
  return eventId;
}

/** The super admin marks the student present and confirms them first. */
async function decideResults(boss: APIRequestContext, eventId: string): Promise<void> {
  const { api: student, userId } = await apiAs(BASE_URL, STUDENT);
  await student.dispose();
  const marked = await boss.put(`/api/v1/admin/events/${eventId}/attendance`, { data: { attendance: [{ userId, isPresent: true }] } });
  expect(marked.status(), await marked.text()).toBe(200);
  const chosen = await boss.put(`/api/v1/admin/events/${eventId}/winners`, { data: { winners: [{ place: 1, userId }] } });
  expect(chosen.status(), await chosen.text()).toBe(200);
}

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who);
  return page;
}

/** The club admin issues the certificates from the event-day panel, after the counts the dialog shows. */
async function issueFromThePanel(browser: Browser): Promise<void> {
  const admin = await signedInPage(browser, CLUB_ADMIN);
  await admin.goto('/admin/dashboard');
  const panel = panelOf(admin, EVENT);
  await expect(panel.getByText('Owed: 1 participation certificate and 1 merit certificate. Issued: 0.')).toBeVisible();
  await panel.getByRole('button', { name: 'Issue Certificates' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Issue Certificates' });
  await expect(dialog.getByText('Participation', { exact: true }).locator('+ dd')).toHaveText('1');
  await expect(dialog.getByText('Merit', { exact: true }).locator('+ dd')).toHaveText('1');
  await dialog.getByRole('button', { name: 'Issue' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'Issued 2 certificates' })).toHaveText(
    `Issued 2 certificates of ${EVENT}: 1 participation, 1 merit.`,
  );
  await expect(panel.getByRole('table', { name: 'Certificates issued' }).getByRole('row', { name: /Merit, First place/ })).toContainText(STUDENT.name);
  await expect(panel.getByRole('link', { name: 'Download All (ZIP)' })).toBeVisible();
  await inbox.waitFor(STUDENT.email, new RegExp(`^${EVENT}: your certificates are ready$`));
  await expectNoAxeViolations(admin, 'the event-day panel, certificates issued');
  await admin.context().close();
}

/** The student downloads the merit certificate from My Registrations; answers the PDF's text. */
async function downloadMerit(browser: Browser): Promise<string> {
  const student = await signedInPage(browser, STUDENT);
  await student.goto('/my-registrations');
  const certificates = student.getByRole('region', { name: 'Certificates' });
  const [download] = await Promise.all([
    student.waitForEvent('download'),
    certificates.getByRole('link', { name: `Download certificate: Certificate of Merit, First place for ${EVENT}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^extempore-merit-karthik-raj-[0-9A-Z]{8}\.pdf$/);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await student.context().close();
  return pdfText(pdf);
}

function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = execFile(process.execPath, [PDF_TEXT], { encoding: 'utf8' }, (error, text) => {
      if (error) reject(new Error(`The PDF could not be read: ${error.message}`));
      else resolve(text);
    });
    reader.stdin?.end(pdf);
  });
}

/** The address the QR code carries, as printed beside it: "Verify at localhost:3100/verify" and the code in fours. */
function verificationAddressIn(text: string): string {
  const printed = /Verify at (\S+)\s+((?:[0-9A-Z]{4} ?){4})/.exec(text);
  expect(printed, `the verification address in: ${text}`).not.toBeNull();
  return `http://${printed![1]}/${printed![2].replace(/ /g, '')}`;
}

test('certificates are issued from the event day, downloaded by the student and verified by anyone', async ({ browser }) => {
  const { api: boss } = await apiAs(BASE_URL, SUPER_ADMIN);
  const original = await settingsOf(boss);
  let eventId: string | undefined;
  try {
    await saveSettings(boss, {
      ...original,
      certificate: { institutionName: 'Campus Institute of Technology', signatories: [{ name: 'Dr. M. Latha', title: 'Principal' }] },
    });
    eventId = await eventOfToday(boss);
    await decideResults(boss, eventId);
    await issueFromThePanel(browser);
    const text = await downloadMerit(browser);
    expect(text).toContain('Certificate of Merit');
    expect(text).toContain(STUDENT.name);

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(verificationAddressIn(text));
    await expect(visitor.getByRole('heading', { level: 2, name: 'Verified: Certificate of Merit' })).toBeVisible();
    const facts = visitor.getByRole('region', { name: 'Verified: Certificate of Merit' });
    await expect(facts.getByText('Issued to').locator('+ dd')).toHaveText(STUDENT.name);
    await expect(facts.getByText('Event', { exact: true }).locator('+ dd')).toHaveText(EVENT);
    await expect(facts.getByText('Place', { exact: true }).locator('+ dd')).toHaveText('First place');
    await expectNoAxeViolations(visitor, 'a verified certificate');
    await visitor.context().close();
  } finally {
    if (eventId) {
      await deleteEvent(boss, eventId);
      // Its cancellation e-mail is delivered here, not to a later journey's inbox.
      await inbox.waitFor(STUDENT.email, new RegExp(`^${EVENT} has been cancelled$`));
    }
    await saveSettings(boss, original);
    await boss.dispose();
  }
});
