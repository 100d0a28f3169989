import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminEvent, Applicant, EventResults } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeAdminEvent, makeApplicant, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { EventDayPanel } from './EventDayPanel';

/** The event is at 10:00 IST on 20 Dec 2026. */
const EVENT_DATE = '2026-12-20T04:30:00.000Z';
const EVENT_START_MS = Date.parse(EVENT_DATE);
const EVE = new Date('2026-12-19T23:50:00+05:30');
/** Half an hour into the event: attendance and winners are both open. */
const UNDERWAY = new Date('2026-12-20T10:30:00+05:30');
/** No certificates until the winners are confirmed. */
const awaitingResults = {
  eligible: { participation: 0, merit: 0 },
  issued: { participation: 0, merit: 0 },
  toIssue: { participation: 0, merit: 0 },
  revoked: 0,
  refusal: 'Certificates are issued once the results of Hackathon are confirmed.',
};
const NOT_THE_DAY = 'Attendance can be marked only on the event date.';

type Answers = Record<string, (request: Request) => Response | Promise<Response>>;

function renderPanel(event: AdminEvent, applicants: Applicant[], answers: Answers = {}) {
  const base = `/api/v1/admin/events/${event._id}`;
  const fetchMock = stubApi({
    [base]: () => jsonResponse({ success: true, event }),
    [`${base}/applicants`]: (request) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase() ?? '';
      const found = applicants.filter((applicant) => applicant.name.toLowerCase().includes(search) || applicant.rollNum?.toLowerCase().includes(search));
      return jsonResponse({ success: true, applicants: found, teams: [] });
    },
    [`/api/v1/events/${event._id}/results`]: () => jsonResponse({ success: false, message: 'Results are not published yet' }, 404),
    [`${base}/certificates`]: () => jsonResponse({ success: true, summary: awaitingResults, certificates: [] }),
    ...answers,
  });
  const view = renderWithProviders(<EventDayPanel eventId={event._id} />, { preloadedState: sessionOf(clubAdmin()) });
  return { ...view, fetchMock, base };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

/** Choose Winners, then the count asked for: the winners board opens. */
async function openBoardFor(user: ReturnType<typeof renderPanel>['user'], winners: number): Promise<void> {
  await user.click(button('Choose Winners'));
  const count = screen.getByRole('spinbutton', { name: 'Number of winners' });
  await user.clear(count);
  await user.type(count, String(winners));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
}

/** The attendance route as the server answers it: the marks are saved into `applicants`. */
const saveAttendance = (applicants: Applicant[]) => async (request: Request) => {
  const { attendance } = (await request.json()) as { attendance: { userId: string; isPresent: boolean }[] };
  for (const mark of attendance) {
    const applicant = applicants.find(({ userId }) => userId === mark.userId);
    if (applicant) applicant.isPresent = mark.isPresent;
  }
  return jsonResponse({ success: true, message: 'Attendance updated successfully!', updated: attendance.length });
};

beforeEach(() => {
  // Only the clock moves; timers stay real for the requests and the search's pause.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(UNDERWAY);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the event day panel', () => {
  it("lists an individual event's applicants, nobody absent before the event's day, and keeps attendance and winners shut until then", async () => {
    vi.setSystemTime(EVE);
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    renderPanel(event, [makeApplicant('Asha Verma', { rollNum: '23CSE001', dept: 'CSE', year: '3' }), makeApplicant('Bala Murugan')]);
    const table = await screen.findByRole('table', { name: 'Applicants of Code Sprint' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Email', 'Department', 'Year', 'Roll Num', 'Attendance']);
    const asha = within(table).getByRole('row', { name: /Asha Verma/ });
    expect(asha).toHaveTextContent('asha.23cse@campus.ac.in');
    expect(asha).toHaveTextContent('3rd Year');
    expect(asha).toHaveTextContent('23CSE001');
    expect(asha).toHaveTextContent('Not taken yet');
    expect(within(table).getByRole('row', { name: /Bala Murugan/ })).toHaveTextContent('Not taken yet');
    expect(table).not.toHaveTextContent('Absent');
    expect(button('Mark Attendance')).toBeDisabled();
    expect(button('Mark Attendance')).toHaveAccessibleDescription(NOT_THE_DAY);
    expect(button('Choose Winners')).toBeDisabled();
    expect(button('Choose Winners')).toHaveAccessibleDescription(NOT_THE_DAY);
  });

  it("groups a group event's applicants by team with S.No and each member's attendance, checkboxes in attendance mode", async () => {
    const event = makeAdminEvent({ name: 'Hackathon', event_type: 'group', eventDate: EVENT_DATE });
    const team = { teamId: 'dddddddd-0000-4000-8000-000000000001', teamName: 'Byte Force' };
    const other = { teamId: 'dddddddd-0000-4000-8000-000000000002', teamName: 'Null Pointers' };
    const { user } = renderPanel(event, [makeApplicant('Asha Rao', team), makeApplicant('Ravi Kumar', team), makeApplicant('Chitra Das', other)]);
    const table = await screen.findByRole('table', { name: 'Applicants of Hackathon, by team' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    expect(headers()).toEqual(['S.No', 'Team Name', 'Applicant Name', 'Email', 'Department', 'Year', 'Roll Number', 'Attendance']);
    const [first, second] = within(table).getAllByRole('rowgroup').slice(1);
    expect(first).toHaveTextContent(/^1Byte ForceAsha Rao.*Ravi Kumar/);
    expect(second).toHaveTextContent(/^2Null PointersChitra Das/);
    expect(screen.queryByText(NOT_THE_DAY)).not.toBeInTheDocument();
    expect(within(first).getAllByText('Absent')).toHaveLength(2);
    await user.click(button('Mark Attendance'));
    expect(screen.getByRole('checkbox', { name: 'Ravi Kumar present' })).not.toBeChecked();
    await user.click(button('Hide Attendance'));
    expect(screen.queryByRole('checkbox', { name: 'Ravi Kumar present' })).not.toBeInTheDocument();
  });

  it('says "No registrations yet" when nobody registered', async () => {
    renderPanel(makeAdminEvent({ eventDate: EVENT_DATE }), []);
    expect(await screen.findByRole('heading', { name: 'No registrations yet' })).toBeInTheDocument();
  });

  it('finds applicants through the server by name or roll number, and links the CSV export', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const { user, fetchMock, base } = renderPanel(event, [
      makeApplicant('Asha Verma', { rollNum: '23CSE001' }),
      makeApplicant('Bala Murugan', { rollNum: '23ECE042' }),
    ]);
    await screen.findByRole('table');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `${base}/export.csv`);
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or roll number' }), '23ece');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Asha Verma/ })).not.toBeInTheDocument());
    expect(await screen.findByRole('row', { name: /Bala Murugan/ })).toBeInTheDocument();
    expect(requestsTo(fetchMock, `${base}/applicants`).some((request) => new URL(request.url).searchParams.get('search') === '23ece')).toBe(true);
  });

  it('sends the toggled attendance on Confirm Attendance, says so and leaves attendance mode', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const asha = makeApplicant('Asha Verma');
    const bala = makeApplicant('Bala Murugan', { isPresent: true });
    let saved = false;
    const { user, fetchMock, base } = renderPanel(event, [asha, bala], {
      [`/api/v1/admin/events/${event._id}/attendance`]: () => {
        saved = true;
        return jsonResponse({ success: true, message: 'Attendance updated successfully!', updated: 2 });
      },
      // The refetch fails: the rows must show what was saved all the same.
      [`/api/v1/admin/events/${event._id}/applicants`]: () =>
        saved ? jsonResponse({ success: false, message: 'Database unavailable' }, 503) : jsonResponse({ success: true, applicants: [asha, bala], teams: [] }),
    });
    await screen.findByRole('table');
    await user.click(button('Mark Attendance'));
    expect(button('Confirm Attendance')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Asha Verma present' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bala Murugan present' }));
    await user.click(button('Confirm Attendance'));
    expect(await screen.findByRole('status')).toHaveTextContent('Attendance updated successfully!');
    const [sent] = requestsTo(fetchMock, `${base}/attendance`);
    expect(sent.method).toBe('PUT');
    expect(await sent.json()).toEqual({
      eventId: event._id,
      attendance: [
        { userId: asha.userId, isPresent: true },
        { userId: bala.userId, isPresent: false },
      ],
    });
    expect(button('Mark Attendance')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('row', { name: /Asha Verma/ })).toHaveTextContent('Present');
    expect(screen.getByRole('row', { name: /Bala Murugan/ })).toHaveTextContent('Absent');
    await waitFor(() => expect(requestsTo(fetchMock, `${base}/applicants`).length).toBeGreaterThan(1));
    expect(screen.getByRole('row', { name: /Asha Verma/ })).toHaveTextContent('Present');
    expect(screen.queryByText(/unsaved/)).not.toBeInTheDocument();
  });

  it('leaves focus on what Confirm Attendance came to, as the button goes with attendance mode', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const { user } = renderPanel(event, [makeApplicant('Asha Verma')], {
      [`/api/v1/admin/events/${event._id}/attendance`]: () => jsonResponse({ success: true, message: 'Attendance updated successfully!', updated: 1 }),
    });
    await screen.findByRole('table');
    await user.click(button('Mark Attendance'));
    await user.click(screen.getByRole('checkbox', { name: 'Asha Verma present' }));
    await user.click(button('Confirm Attendance'));
    const said = await screen.findByRole('status');
    expect(said).toHaveTextContent('Attendance updated successfully!');
    await waitFor(() => expect(said).toHaveFocus());
  });

  it('keeps a tick made while Confirm Attendance was on its way, to send next', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const applicants = [makeApplicant('Asha Verma'), makeApplicant('Bala Murugan')];
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { user } = renderPanel(event, applicants, {
      [`/api/v1/admin/events/${event._id}/attendance`]: async (request) => {
        await answered;
        return saveAttendance(applicants)(request);
      },
    });
    await screen.findByRole('table');
    await user.click(button('Mark Attendance'));
    await user.click(screen.getByRole('checkbox', { name: 'Asha Verma present' }));
    await user.click(button('Confirm Attendance'));
    expect(button('Confirming…')).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Bala Murugan present' }));
    answer();
    expect(await screen.findByRole('status')).toHaveTextContent('Attendance updated successfully!');
    expect(screen.getByText('1 unsaved change: open Mark Attendance to confirm or undo them.')).toBeInTheDocument();
    await user.click(button('Mark Attendance'));
    expect(screen.getByRole('checkbox', { name: 'Bala Murugan present' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Asha Verma present' })).toBeChecked();
  });

  it('shows the saved attendance outside attendance mode, says how many ticks are unsaved, and shuts attendance while the winners board is open', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const { user } = renderPanel(event, [makeApplicant('Asha Verma', { isPresent: true }), makeApplicant('Bala Murugan')]);
    await screen.findByRole('table');
    await user.click(button('Mark Attendance'));
    await user.click(screen.getByRole('checkbox', { name: 'Bala Murugan present' }));
    expect(screen.getByText('1 unsaved change.')).toBeInTheDocument();
    await user.click(button('Hide Attendance'));
    expect(screen.getByRole('row', { name: /Bala Murugan/ })).toHaveTextContent('Absent');
    expect(screen.getByText('1 unsaved change: open Mark Attendance to confirm or undo them.')).toBeInTheDocument();

    await user.click(button('Choose Winners'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await expectBoardFocused('Choose 1 winner');
    expect(screen.getByRole('button', { name: /^Bala Murugan/ })).toHaveTextContent('Absent: cannot be chosen');
    expect(button('Mark Attendance')).toBeDisabled();
    expect(button('Choose Winners')).toBeDisabled();
    expect(screen.getByText('1 unsaved change: open Mark Attendance to confirm or undo them.')).toBeInTheDocument();
    await user.click(button('Cancel'));
    expect(screen.getByRole('heading', { name: 'Applicants of Code Sprint' })).toHaveFocus();
    expect(button('Mark Attendance')).toBeEnabled();
  });

  it('prints an attendance sheet of its own: every registrant by team and name, roll numbers, a box to tick, the checked-in ticked', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const event = makeAdminEvent({ name: 'Relay', event_type: 'group', eventDate: EVENT_DATE, venue: 'Main Ground' });
    const team = { teamId: '00000000-0000-4000-8000-0000000000a1', teamName: 'Swift Feet' };
    const { user } = renderPanel(event, [
      makeApplicant('Zara Khan', { rollNum: '23CSE050', dept: 'CSE', year: '3', ...team, isPresent: true }),
      makeApplicant('Bala Murugan', { rollNum: '23CSE011', dept: 'CSE', year: '3', ...team }),
      makeApplicant('Asha Verma', { rollNum: '23IT004', dept: 'IT', year: '4', teamId: '00000000-0000-4000-8000-0000000000a2', teamName: 'Baton' }),
    ]);
    // Off until every registrant is known.
    await screen.findByRole('table');
    await waitFor(() => expect(button('Print Attendance Sheet')).toBeEnabled());
    await user.click(button('Print Attendance Sheet'));
    expect(print).toHaveBeenCalledTimes(1);
    const sheet = document.body.querySelector<HTMLElement>(':scope > .print-sheet');
    expect(within(sheet!).getByRole('heading', { name: 'Attendance: Relay' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('Main Ground · 3 registered');
    const rows = within(sheet!)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['#', 'Name', 'Roll number', 'Department and year', 'Team', 'Present'],
      ['1', 'Asha Verma', '23IT004', 'IT, 4th Year', 'Baton', '☐'],
      ['2', 'Bala Murugan', '23CSE011', 'CSE, 3rd Year', 'Swift Feet', '☐'],
      ['3', 'Zara Khan', '23CSE050', 'CSE, 3rd Year', 'Swift Feet', '☑'],
    ]);
    // The print dialog closed: the sheet goes, the page stays as it was.
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.body.querySelector('.print-sheet')).toBeNull());
    expect(screen.getByRole('table')).toHaveTextContent('Swift Feet');
    vi.unstubAllGlobals();
  });

  it("opens attendance at 00:00 IST of the event's day for a panel opened on the eve", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(EVE);
    renderPanel(makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE }), [makeApplicant('Asha Verma')]);
    await screen.findByRole('table');
    expect(button('Mark Attendance')).toBeDisabled();
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(button('Mark Attendance')).toBeDisabled();
    await vi.advanceTimersByTimeAsync(61_000);
    await waitFor(() => expect(button('Mark Attendance')).toBeEnabled());
    expect(screen.queryByText(NOT_THE_DAY)).not.toBeInTheDocument();
  });

  it('opens Choose Winners when the event starts, attendance being open from its day', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const tenSecondsBefore = EVENT_START_MS - 10_000;
    vi.setSystemTime(tenSecondsBefore);
    renderPanel(makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE }), [makeApplicant('Asha Verma', { isPresent: true })]);
    await screen.findByRole('table');
    const notYet = 'Winners can be chosen once the event has started (20 Dec 2026, 10:00 am).';
    expect(button('Mark Attendance')).toBeEnabled();
    expect(button('Choose Winners')).toBeDisabled();
    expect(button('Choose Winners')).toHaveAccessibleDescription(notYet);
    await vi.advanceTimersByTimeAsync(EVENT_START_MS - tenSecondsBefore - 2000);
    expect(button('Choose Winners')).toBeDisabled();
    await vi.advanceTimersByTimeAsync(3000);
    await waitFor(() => expect(button('Choose Winners')).toBeEnabled());
    expect(screen.queryByText(notYet)).not.toBeInTheDocument();
  });

  it("keeps every toggle after a refusal and shows the server's reason", async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const { user } = renderPanel(event, [makeApplicant('Asha Verma'), makeApplicant('Bala Murugan')], {
      [`/api/v1/admin/events/${event._id}/attendance`]: () => jsonResponse({ success: false, message: 'Bala Murugan is not registered for this event' }, 400),
    });
    await screen.findByRole('table');
    await user.click(button('Mark Attendance'));
    await user.click(screen.getByRole('checkbox', { name: 'Asha Verma present' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bala Murugan present' }));
    await user.click(button('Confirm Attendance'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update attendance: Bala Murugan is not registered for this event');
    expect(screen.getByRole('checkbox', { name: 'Asha Verma present' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bala Murugan present' })).toBeChecked();
    expect(button('Confirm Attendance')).toBeEnabled();
  });

  it('asks for between 1 and as many winners as there are teams on a group event', async () => {
    const event = makeAdminEvent({ name: 'Hackathon', event_type: 'group', eventDate: EVENT_DATE });
    const team = (n: number) => ({ teamId: `dddddddd-0000-4000-8000-00000000000${n}`, teamName: `Team ${n}` });
    const { user } = renderPanel(event, [makeApplicant('Asha Rao', team(1)), makeApplicant('Ravi Kumar', team(1)), makeApplicant('Chitra Das', team(2))]);
    await screen.findByRole('table');
    await user.click(button('Choose Winners'));
    const dialog = screen.getByRole('dialog', { name: 'Choose Winners' });
    const count = within(dialog).getByRole('spinbutton', { name: 'Number of winners' });
    expect(count).toHaveAttribute('max', '2');
    expect(count).toHaveAccessibleDescription('Between 1 and 2. 0 are marked present.');
    await user.clear(count);
    await user.type(count, '0');
    expect(within(dialog).getByText('Choose at least 1 winner')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '1.5');
    expect(within(dialog).getByText('Enter a whole number of winners')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '3');
    expect(within(dialog).getByText('Choose between 1 and 2 winners')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.clear(count);
    await user.type(count, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expectBoardFocused('Choose 2 winners');
    expect(
      screen.getByText(
        'Only 0 participants are marked present: 2 places cannot all be filled, so Confirm Winners stays off. Cancel and choose at most 0, or mark attendance first.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the winners already confirmed, which a new choice replaces', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const results = {
      event: { _id: event._id, name: event.name, clubInCharge: 'Tech Club', eventDate: EVENT_DATE },
      confirmedAt: '2026-12-20T09:00:00.000Z',
      winners: [{ place: 1, name: 'Asha Verma', teamName: null, members: null, dept: 'CSE' }],
    };
    renderPanel(event, [makeApplicant('Asha Verma', { isPresent: true })], {
      [`/api/v1/events/${event._id}/results`]: () => jsonResponse({ success: true, results }),
    });
    const confirmed = await screen.findByRole('list', { name: 'Confirmed winners' });
    expect(within(confirmed).getByRole('listitem')).toHaveTextContent('First place: Asha VermaCSE');
    expect(screen.getByText('Published on the results page. Choosing winners again replaces them.')).toBeInTheDocument();
    expect(button('Choose Winners')).toBeEnabled();
  });

  it('chooses winners by tapping Choose, as on a phone where the winners list is a screen below, focus going on to the next one', async () => {
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const { user } = renderPanel(event, [
      makeApplicant('Asha Verma', { isPresent: true }),
      makeApplicant('Bala Murugan'),
      makeApplicant('Chitra Das', { isPresent: true }),
    ]);
    await screen.findByRole('table');
    await openBoardFor(user, 2);
    await screen.findByRole('heading', { name: 'Choose 2 winners' });

    // Absent, Bala has no way to be chosen.
    expect(screen.queryByRole('button', { name: /^Choose Bala Murugan/ })).not.toBeInTheDocument();
    await user.click(button('Choose Chitra Das as winner 1'));
    expect(screen.getByText('1 of 2 chosen')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Winners' })).getByRole('listitem')).toHaveTextContent('Chitra Das');
    // Chitra's Choose went with her choice: Asha's, the next one's (round from the top), has the focus.
    await waitFor(() => expect(button('Choose Asha Verma as winner 2')).toHaveFocus());
    await user.click(button('Choose Asha Verma as winner 2'));
    expect(
      within(screen.getByRole('list', { name: 'Winners' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Chitra Das'), expect.stringContaining('Asha Verma')]);
    // Every place is filled: Confirm Winners is what is left to do.
    await waitFor(() => expect(button('Confirm Winners')).toHaveFocus());
  });

  it('picks present winners by keyboard in order, never an absent one or one twice, and confirms only at the count', async () => {
    placeBoardOnScreen();
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: EVENT_DATE });
    const asha = makeApplicant('Asha Verma', { isPresent: true });
    const bala = makeApplicant('Bala Murugan', { isPresent: true });
    const chitra = makeApplicant('Chitra Das');
    let confirmed: EventResults | null = null;
    const { user, fetchMock, base } = renderPanel(event, [asha, bala, chitra], {
      [`/api/v1/admin/events/${event._id}/winners`]: () => {
        const winners = [asha, bala].map(({ name }, index) => ({ place: index + 1, name, teamName: null, members: null, dept: 'CSE' }));
        confirmed = {
          event: { _id: event._id, name: event.name, clubInCharge: 'Tech Club', eventDate: EVENT_DATE },
          confirmedAt: '2026-12-20T09:00:00.000Z',
          winners,
        };
        return jsonResponse({ success: true, message: 'Winners selected successfully!', winners: [] });
      },
      [`/api/v1/events/${event._id}/results`]: () =>
        confirmed ? jsonResponse({ success: true, results: confirmed }) : jsonResponse({ success: false, message: 'Results are not published yet' }, 404),
    });
    await screen.findByRole('table');
    await openBoardFor(user, 2);

    const card = (name: string) => within(screen.getByRole('list', { name: 'Participants' })).getByRole('button', { name: new RegExp(`^${name}`) });
    expect(card('Chitra Das')).toHaveTextContent('Absent: cannot be chosen');
    expect(card('Chitra Das')).toHaveAttribute('aria-disabled', 'true');
    const pick = async (name: string) => {
      card(name).focus();
      await user.keyboard(' ');
      await user.keyboard('{ArrowRight}');
      await user.keyboard(' ');
    };
    await pick('Bala Murugan');
    expect(button('Confirm Winners')).toBeDisabled();
    await pick('Chitra Das');
    expect(screen.getByText('1 of 2 chosen')).toBeInTheDocument();
    await pick('Bala Murugan');
    expect(screen.getByText('1 of 2 chosen')).toBeInTheDocument();
    await pick('Asha Verma');
    const winners = within(screen.getByRole('list', { name: 'Winners' }));
    expect(winners.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Bala Murugan'),
      expect.stringContaining('Asha Verma'),
    ]);
    expect(card('Bala Murugan')).toHaveTextContent('Winner 1');
    await user.click(button('Move Asha Verma up'));
    // The arrow pressed went off at the top: its row's other arrow has the focus.
    expect(button('Move Asha Verma down')).toHaveFocus();
    expect(button('Confirm Winners')).toBeEnabled();
    await user.click(button('Remove Bala Murugan'));
    expect(button('Remove Asha Verma')).toHaveFocus();
    expect(button('Confirm Winners')).toBeDisabled();
    await user.click(button('Remove Asha Verma'));
    expect(screen.getByRole('heading', { name: 'Winners' })).toHaveFocus();
    await pick('Asha Verma');
    await pick('Bala Murugan');
    await user.click(button('Confirm Winners'));

    expect(await screen.findByRole('status')).toHaveTextContent('Winners selected successfully!');
    expect(screen.getByRole('heading', { name: 'Applicants of Code Sprint' })).toHaveFocus();
    // The published winners replace the old ones in place, without a reload.
    const places = await screen.findByRole('list', { name: 'Confirmed winners' });
    expect(
      within(places)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('First place: Asha Verma'), expect.stringContaining('Second place: Bala Murugan')]);
    const [sent] = requestsTo(fetchMock, `${base}/winners`);
    expect(await sent.json()).toEqual({
      winners: [
        { place: 1, userId: asha.userId },
        { place: 2, userId: bala.userId },
      ],
    });
  });
});

/**
 * jsdom lays nothing out, and dragging needs places: the participants' cards in a column on the
 * left and the winners list to their right, as a laptop shows them.
 */
function placeBoardOnScreen() {
  const rect = (x: number, y: number, width: number, height: number) => DOMRect.fromRect({ x, y, width, height });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.classList.contains('winners-zone')) return rect(400, 0, 300, 300);
    const card = this.closest('.winners-card');
    if (card?.parentElement?.parentElement) return rect(0, [...card.parentElement.parentElement.children].indexOf(card.parentElement) * 60, 300, 50);
    return rect(0, 0, 0, 0);
  });
}

/** The board's title takes focus in an effect, which may run a moment after the lazy board is on the page. */
async function expectBoardFocused(title: string) {
  const heading = await screen.findByRole('heading', { name: title });
  await waitFor(() => expect(heading).toHaveFocus());
}
