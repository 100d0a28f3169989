// The door on the event day: a student registers a team for the club's event and finds the
// ticket's QR code on My Registrations; that very picture becomes the camera of the club admin's
// phone (Chromium's fake camera plays a video made from it), and the scanner checks the team in.
// The festival of the journeys' server lies a month ahead, so the first scan is refused as not the
// event day; the admin then moves their event to today, as the edit form lets them, scans again,
// and the server's applicants list shows the student present. The event's date is put back at the
// end, pass or fail, so the other journeys find the demo festival as it was.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe';
import { CHROMIUM_LAUNCH } from '../support/chromium';
import { signIn } from '../support/sign-in';

/** The video the fake camera plays, written before the scanner starts it; one per journeys' server. */
const CAMERA_VIDEO = join(tmpdir(), `door-journey-camera-${process.env.JOURNEY_PORT ?? 3100}.y4m`);
const FRAME = { width: 640, height: 480 } as const;

/** One still frame in the YUV4MPEG2 format Chromium's fake camera plays (4:2:0, grey chroma), looped. */
function y4mFrame(luma: Uint8Array): Buffer {
  const chroma = Buffer.alloc((FRAME.width / 2) * (FRAME.height / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${FRAME.width} H${FRAME.height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  return Buffer.concat([header, Buffer.from(luma), chroma]);
}

// The camera needs a file from the start (before the browser is launched for the test): a blank
// picture until the ticket's is known.
test.beforeAll(() => writeFileSync(CAMERA_VIDEO, y4mFrame(new Uint8Array(FRAME.width * FRAME.height).fill(255))));
test.afterAll(() => rmSync(CAMERA_VIDEO, { force: true }));

test.use({
  launchOptions: {
    ...CHROMIUM_LAUNCH,
    args: [
      ...CHROMIUM_LAUNCH.args,
      // Camera permission granted without a prompt, and a camera that plays the file.
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${CAMERA_VIDEO}`,
    ],
  },
});

// A demo student no other journey registers anywhere.
const STUDENT = { name: 'Sana Sheikh', rollNumber: '24MBA003', email: 'sana.24mba@campus.ac.in', password: 'Student@123' };
// The demo club admin and their event: a team event of one to three, needing approval.
const CLUB_ADMIN = { email: 'bluesky.admin@campus.ac.in', password: 'ClubAdmin@123' };
const EVENT = 'Paper Presentation';
// The team the enrolment form makes is named after its leader.
const TEAM = "Sana Sheikh's team";
// A demo student no other journey registers, listed as the team's member.
const CLASSMATE = { name: 'Karthik Raj', email: 'karthik.22mech@campus.ac.in' };

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Today in India, where the event-day rule counts its days: "2026-11-24". */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

/**
 * The ticket's QR code as the student's screen shows it, photographed (a screenshot), then laid on
 * white in the middle of the camera's frame as the luma plane of a video frame.
 */
async function ticketAsCameraVideo(page: Page, qr: ReturnType<Page['getByRole']>): Promise<void> {
  // In the middle of the window, clear of the sticky header: a picture taken under it hides a corner of the code.
  await qr.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const png = (await qr.screenshot()).toString('base64');
  const luma = await page.evaluate(
    async ({ png, width, height }) => {
      const picture = new Image();
      picture.src = `data:image/png;base64,${png}`;
      await picture.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      const side = Math.min(picture.width, height - 80);
      context.drawImage(picture, (width - side) / 2, (height - side) / 2, side, side);
      const { data } = context.getImageData(0, 0, width, height);
      // BT.601 luma, full range (the C420jpeg colour space).
      return Array.from({ length: width * height }, (_, pixel) =>
        Math.round(0.299 * data[pixel * 4] + 0.587 * data[pixel * 4 + 1] + 0.114 * data[pixel * 4 + 2]),
      );
    },
    { png, ...FRAME },
  );
  writeFileSync(CAMERA_VIDEO, y4mFrame(Uint8Array.from(luma)));
}

/** The event's edit form, with the event date set to `value` (a datetime-local value, campus time). */
async function setEventDate(admin: Page, eventId: string, value: string): Promise<void> {
  await admin.goto(`/edit-event/${eventId}`);
  const edit = admin.getByRole('form', { name: 'Edit event' });
  await edit.getByLabel('Event date').fill(value);
  await edit.getByRole('button', { name: 'Update Event' }).click();
  await expect(admin.getByText('Event updated successfully!')).toBeVisible();
}

/** The scanner's verdict, and its bar at the bottom of the screen. */
const verdict = (admin: Page) =>
  admin.getByRole('heading', {
    level: 2,
    name: /Checked in|Already checked in|Cannot check in yet|Who is at the door|Unknown ticket|Not for your club|Could not check in|Could not mark present/,
  });
const dock = (admin: Page) => admin.locator('.scan-dock');

test("a student's ticket QR code, shown to the club admin's camera, checks the student in on the event's day", async ({ page: student, browser }) => {
  test.slow();
  // 1. The student forms a team with a classmate on the enrolment form; the classmate accepts the
  //    invitation from the bell, the student registers the team, and My Registrations shows its
  //    one ticket.
  await signIn(student, STUDENT);
  await student.goto('/');
  await student
    .getByRole('region', { name: 'Events', exact: true })
    .getByRole('article')
    .filter({ has: student.getByRole('heading', { level: 3, name: EVENT, exact: true }) })
    .getByRole('link', { name: EVENT })
    .click();
  await expect(student).toHaveURL(/\/event\/[0-9a-f-]{36}\?/);
  const eventId = new URL(student.url()).pathname.split('/').pop()!;
  await student.goto(`/enroll?eventId=${eventId}`);
  await student.getByRole('textbox', { name: 'Team lead name' }).fill(STUDENT.name);
  const member = student.getByRole('group', { name: 'Member 1' });
  await member.getByRole('textbox', { name: 'Name' }).fill(CLASSMATE.name);
  await member.getByRole('combobox', { name: 'Branch' }).selectOption('MECH');
  await member.getByRole('combobox', { name: 'Year' }).selectOption('4');
  await member.getByRole('textbox', { name: 'Email' }).fill(CLASSMATE.email);
  await student.getByRole('button', { name: 'Send Invitations' }).click();
  await expect(student.getByRole('region', { name: 'Notifications' }).getByText(/formed: invitations sent to 1 member/)).toBeVisible();
  await expect(student).toHaveURL(new RegExp(`/event/${eventId}`));

  const classmate = await newPage(browser);
  await signIn(classmate, { ...CLASSMATE, password: STUDENT.password });
  await classmate.getByRole('button', { name: /^Notifications/ }).click();
  await classmate
    .getByRole('article', { name: `Invite from ${STUDENT.name} to ${TEAM}` })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(classmate.getByRole('region', { name: 'Notifications' }).getByText('Successfully joined the team!')).toBeVisible();
  await classmate.context().close();

  await student.reload();
  const team = student.getByRole('region', { name: 'Your Teams' }).getByRole('region', { name: TEAM });
  await expect(team.getByRole('list', { name: `Members of ${TEAM}` })).toContainText(CLASSMATE.name);
  await team.getByRole('button', { name: 'Register Team' }).click();
  const confirm = student.getByRole('dialog', { name: 'Register Team' });
  await confirm.getByRole('textbox', { name: 'Event name' }).fill(EVENT);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await expect(student).toHaveURL(/\/my-registrations$/);

  const ticket = student
    .getByRole('article')
    .filter({ hasText: EVENT })
    .getByRole('region', { name: `Ticket for ${EVENT}` });
  const qr = ticket.getByRole('img', { name: `Ticket QR code for ${EVENT}` });
  await expect(qr).toBeVisible();
  const code = (await ticket.locator('code').innerText()).replace(/\s+/g, '');
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
  await expectNoAxeViolations(student, 'My Registrations, with a ticket');
  await ticket.getByRole('button', { name: /^Show full screen/ }).click();
  const fullScreen = student.getByRole('dialog', { name: EVENT });
  await expect(fullScreen.getByRole('img', { name: `Ticket QR code for ${EVENT}` })).toBeVisible();
  await expectNoAxeViolations(student, 'ticket full screen');
  await fullScreen.getByRole('button', { name: 'Close' }).click();
  await ticketAsCameraVideo(student, qr);

  // 2. The club admin opens the scanner; the camera reads the ticket. A month before the event,
  //    the team's member is shown, but not let in.
  const admin = await newPage(browser);
  await signIn(admin, CLUB_ADMIN);
  await admin.goto('/admin/dashboard');
  await admin.getByRole('navigation', { name: 'Admin pages' }).getByRole('link', { name: 'Scan Tickets' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Scan Tickets' })).toBeVisible();
  await expect(verdict(admin)).toHaveText('Who is at the door?');
  const members = admin.getByRole('list', { name: `Members of ${TEAM}` });
  await expect(members.getByRole('checkbox', { name: new RegExp(STUDENT.name) })).toBeChecked();
  await expect(members).toContainText(`${STUDENT.rollNumber} · MBA · Year 1`);
  await expect(members.getByRole('checkbox', { name: new RegExp(CLASSMATE.name) })).toBeChecked();
  await expectNoAxeViolations(admin, 'scanner, a team ticket read');
  await dock(admin).getByRole('button', { name: 'Check in 2' }).click();
  await expect(verdict(admin)).toHaveText('Cannot check in yet');
  await expect(admin.getByRole('region', { name: 'Cannot check in yet' }).getByText('Attendance can be marked only on the event date.')).toBeVisible();
  await expectNoAxeViolations(admin, 'scanner, not the event day');

  // 3. The admin approves the team (Paper Presentation needs approval, and only an approved
  //    registration is let in), moves the event to today (campus time) with the edit form, and
  //    scans again.
  await admin.goto('/admin/events');
  const queue = admin
    .getByRole('list', { name: 'Events' })
    .getByRole('article', { name: EVENT })
    .getByRole('region', { name: /Approval queue/ });
  await queue.getByRole('button', { name: `Approve ${TEAM}` }).click();
  await expect(admin.getByRole('region', { name: 'Notifications' }).getByText('1 registration approved')).toBeVisible();
  await admin
    .getByRole('list', { name: 'Events' })
    .getByRole('article', { name: EVENT })
    .getByRole('link', { name: `Edit ${EVENT}` })
    .click();
  await expect(admin).toHaveURL(`/edit-event/${eventId}`);
  const originalDate = await admin.getByRole('form', { name: 'Edit event' }).getByLabel('Event date').inputValue();
  // Put back whatever happens below, so a failure cannot leave the demo event dated today for the
  // other journeys.
  try {
    await setEventDate(admin, eventId, `${todayInIndia()}T10:00`);

    // The student is at the door, the classmate not yet: only the student is checked in.
    await admin.goto('/admin/scan');
    await expect(verdict(admin)).toHaveText('Who is at the door?');
    await members.getByRole('checkbox', { name: new RegExp(CLASSMATE.name) }).uncheck();
    await dock(admin).getByRole('button', { name: 'Check in 1' }).click();
    await expect(verdict(admin)).toHaveText('Checked in 1 of 2');
    await expect(members.getByRole('listitem').filter({ hasText: STUDENT.name })).toContainText(/✓ Checked in \d{1,2}:\d{2} (am|pm)/);
    await expect(members.getByRole('listitem').filter({ hasText: CLASSMATE.name })).toContainText('Not checked in');
    await expectNoAxeViolations(admin, 'scanner, checked in');

    // The server has the student present, from the ticket the camera read.
    const applicants = await admin.evaluate(async (id) => {
      const response = await fetch(`/api/v1/admin/events/${id}/applicants`, { credentials: 'include', headers: { Accept: 'application/json' } });
      return ((await response.json()) as { applicants: { email: string; isPresent: boolean; checkedInAt: string | null }[] }).applicants;
    }, eventId);
    expect(applicants.find((applicant) => applicant.email === STUDENT.email)).toMatchObject({ isPresent: true, checkedInAt: expect.any(String) });
    expect(applicants.find((applicant) => applicant.email === CLASSMATE.email)).toMatchObject({ isPresent: false, checkedInAt: null });
    const ticketRead = await admin.evaluate(
      async (ticketCode) => (await fetch(`/api/v1/admin/tickets/${ticketCode}`, { headers: { Accept: 'application/json' } })).json(),
      code,
    );
    expect(ticketRead).toMatchObject({
      ticket: {
        holders: [
          { email: STUDENT.email, isPresent: true },
          { email: CLASSMATE.email, isPresent: false },
        ],
      },
    });

    // 4. The classmate arrives with the same ticket; once both are in, it says so.
    await dock(admin).getByRole('button', { name: 'Scan next' }).click();
    await expect(verdict(admin)).toHaveText('Who is at the door?');
    await expect(members.getByRole('checkbox')).toHaveCount(1);
    await dock(admin).getByRole('button', { name: 'Check in 1' }).click();
    await expect(verdict(admin)).toHaveText('Checked in 2 of 2');
    // The ticket is still before the camera: read again once the short pause after "Scan next" is over.
    await dock(admin).getByRole('button', { name: 'Scan next' }).click();
    await expect(verdict(admin)).toHaveText('Already checked in');
    await expectNoAxeViolations(admin, 'scanner, already checked in');
  } finally {
    // A day with attendance recorded keeps its date: nobody is left present before the demo event
    // goes back to its own date for the other journeys.
    await admin.evaluate(async (id) => {
      const listed = await fetch(`/api/v1/admin/events/${id}/applicants`, { headers: { Accept: 'application/json' } });
      const { applicants } = (await listed.json()) as { applicants: { userId: string }[] };
      await fetch(`/api/v1/admin/events/${id}/attendance`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ attendance: applicants.map(({ userId }) => ({ userId, isPresent: false })) }),
      });
    }, eventId);
    await setEventDate(admin, eventId, originalDate);
  }
});
