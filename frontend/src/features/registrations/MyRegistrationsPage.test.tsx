import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Registration } from '../../api/types';
import { addSection } from '../../test/browser';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { MyRegistrationsPage, type CancelClosesAt } from './MyRegistrationsPage';

let sequence = 0;
function makeRegistration(overrides: Partial<Registration>): Registration {
  sequence += 1;
  return {
    _id: `reg-${sequence}`,
    eventId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    eventName: `Event ${sequence}`,
    eventType: 'solo',
    clubInCharge: 'Tech Club',
    eventDate: null,
    eventEndDate: null,
    venue: null,
    status: 'approved',
    rejectionReason: null,
    appliedAt: '2026-11-21T20:00:00.000Z',
    teamDetails: null,
    ticket: { code: `Tk${String(sequence).padStart(20, '0')}` },
    pastFestival: false,
    ...overrides,
  };
}

type Answer = (request: Request) => Response | Promise<Response>;
const REMINDERS = '/api/v1/users/me/reminders';
const CERTIFICATES = '/api/v1/user/certificates';
const noCertificates = () => jsonResponse({ success: true, certificates: [] });
const SWITCH = 'E-mail me a reminder the day before each event';

function renderPage(answer: Answer, { reminders, user = makeUser() }: { reminders?: Answer; user?: ReturnType<typeof makeUser> } = {}) {
  const fetchMock = stubApi({ '/api/v1/user/registrations': answer, [CERTIFICATES]: noCertificates, ...(reminders ? { [REMINDERS]: reminders } : {}) });
  return { fetchMock, ...renderWithProviders(<MyRegistrationsPage />, { preloadedState: sessionOf(user), route: '/my-registrations' }) };
}

const cardOf = (eventName: string) => screen.getByRole('link', { name: eventName }).closest('article')!;

describe('My Registrations', () => {
  it('shows each registration: event, type, club, date and status, awaiting approval included', async () => {
    const registrations = [
      makeRegistration({ eventName: 'Code Sprint', status: 'approved' }),
      makeRegistration({ eventName: 'Open Mic', clubInCharge: null, status: 'rejected' }),
      makeRegistration({ eventName: 'Debate', eventType: 'group', clubInCharge: 'Literary Club', status: 'pending' }),
    ];
    renderPage(() => jsonResponse({ success: true, registrations }));
    expect(screen.getByRole('heading', { level: 1, name: 'My Registrations' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Code Sprint' });

    const sprint = within(cardOf('Code Sprint'));
    expect(sprint.getByText('Solo')).toBeInTheDocument();
    expect(sprint.getByText('Tech Club')).toBeInTheDocument();
    // 20:00 UTC is already the next day on campus.
    expect(sprint.getByText('22 Nov 2026')).toBeInTheDocument();
    expect(sprint.getByText('Approved')).toBeInTheDocument();
    expect(sprint.getByRole('link', { name: 'Code Sprint' })).toHaveAttribute('href', `/event/${registrations[0].eventId}?slug=code-sprint`);

    expect(within(cardOf('Open Mic')).getByText('Rejected')).toBeInTheDocument();
    expect(within(cardOf('Open Mic')).getByText('General')).toBeInTheDocument();

    // Waiting for the club is said, so it is not read as confirmed.
    const debate = within(cardOf('Debate'));
    expect(debate.getByText('Team')).toBeInTheDocument();
    expect(debate.getByText('Awaiting approval')).toBeInTheDocument();
    expect(debate.queryByText(/^(approved|rejected)$/i)).not.toBeInTheDocument();
    // A rejection says what it means and what is left.
    expect(within(cardOf('Open Mic')).getByText(/The club turned this registration down/)).toBeInTheDocument();
    expect(within(cardOf('Open Mic')).queryByText(/The organisers said/)).not.toBeInTheDocument();
  });

  it("says the organisers' reason for a rejection when they gave one", async () => {
    const registrations = [
      makeRegistration({ eventName: 'Open Mic', status: 'rejected', ticket: null, rejectionReason: 'Only first-year students this time.' }),
    ];
    renderPage(() => jsonResponse({ success: true, registrations }));
    await screen.findByRole('link', { name: 'Open Mic' });
    expect(within(cardOf('Open Mic')).getByText('The organisers said: “Only first-year students this time.”')).toBeInTheDocument();
  });

  it('shows each held seat its ticket as a QR code with the code beside it, and a rejected registration none', async () => {
    const registrations = [
      makeRegistration({ eventName: 'Code Sprint', ticket: { code: 'AbCdEfGhIjKlMnOpQrSt_-' } }),
      makeRegistration({ eventName: 'Debate', status: 'pending', ticket: { code: 'ZyXwVuTsRqPoNmLkJiHg98' } }),
      makeRegistration({ eventName: 'Open Mic', status: 'rejected', ticket: null }),
    ];
    renderPage(() => jsonResponse({ success: true, registrations }));

    const sprint = within(await waitFor(() => cardOf('Code Sprint')));
    const ticket = within(sprint.getByRole('region', { name: 'Ticket for Code Sprint' }));
    // The QR library arrives with the first ticket shown; meanwhile its place says so.
    const qr = await ticket.findByRole('img', { name: 'Ticket QR code for Code Sprint' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);
    expect(ticket.getByText('AbCd EfGh IjKl MnOp QrSt _-')).toBeInTheDocument();

    expect(await within(cardOf('Debate')).findByRole('img', { name: 'Ticket QR code for Debate' })).toBeInTheDocument();
    expect(within(cardOf('Debate')).getByText('ZyXw VuTs RqPo NmLk JiHg 98')).toBeInTheDocument();
    // A pending registration's ticket says the door will not take it yet; an approved one says nothing of the kind.
    expect(within(cardOf('Debate')).getByText('Not valid until the club approves this registration')).toBeInTheDocument();
    expect(sprint.queryByText(/Not valid/)).not.toBeInTheDocument();

    const openMic = within(cardOf('Open Mic'));
    expect(openMic.queryByRole('region', { name: /Ticket/ })).not.toBeInTheDocument();
    expect(openMic.queryByRole('img')).not.toBeInTheDocument();
  });

  it("shows a ticket full screen, dark on white in either theme, from a button naming the ticket's event, until closed", async () => {
    const { user } = renderPage(() =>
      jsonResponse({ success: true, registrations: [makeRegistration({ eventName: 'Code Sprint', ticket: { code: 'AbCdEfGhIjKlMnOpQrSt_-' } })] }),
    );
    const card = within(await waitFor(() => cardOf('Code Sprint')));
    await user.click(card.getByRole('button', { name: 'Show full screen: ticket for Code Sprint' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Code Sprint' }));
    const qr = await dialog.findByRole('img', { name: 'Ticket QR code for Code Sprint' });
    // The first path is the code's background, the second its modules.
    expect([...qr.querySelectorAll('path')].map((path) => path.getAttribute('fill'))).toEqual(['#ffffff', '#000000']);
    expect(dialog.getByText('AbCd EfGh IjKl MnOp QrSt _-')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Show full screen: ticket for Code Sprint' })).toHaveFocus();
  });

  it('prints a ticket on a sheet of its own: the QR, the code, when, where and whose, and for a pending one that the door waits', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderPage(() =>
      jsonResponse({
        success: true,
        registrations: [
          makeRegistration({
            eventName: 'Code Sprint',
            eventDate: '2026-12-20T04:30:00.000Z',
            venue: 'Seminar Hall 1',
            status: 'pending',
            ticket: { code: '7KQ2M9XA4TRBZC01' },
          }),
        ],
      }),
    );
    const card = within(await waitFor(() => cardOf('Code Sprint')));
    await card.findByRole('img', { name: 'Ticket QR code for Code Sprint' });
    await user.click(card.getByRole('button', { name: 'Print the ticket for Code Sprint' }));
    expect(print).toHaveBeenCalledTimes(1);

    const sheet = within(document.body.querySelector<HTMLElement>(':scope > .print-sheet')!);
    expect(sheet.getByRole('heading', { name: 'Ticket: Code Sprint' })).toBeInTheDocument();
    expect(sheet.getByRole('img', { name: 'Ticket QR code for Code Sprint' })).toBeInTheDocument();
    for (const line of [
      '7KQ2 M9XA 4TRB ZC01',
      'Not valid until the club approves this registration',
      'When: 20 Dec 2026, 10:00 am',
      'Venue: Seminar Hall 1',
      'Name: Priya Raman',
    ]) {
      expect(sheet.getByText(line, { exact: false })).toBeInTheDocument();
    }
    window.dispatchEvent(new Event('afterprint'));
    await waitFor(() => expect(document.body.querySelector('.print-sheet')).toBeNull());
    vi.unstubAllGlobals();
  });

  it("folds a team registration's team: name, leader and every member with roll number, department and joining date", async () => {
    const registration = makeRegistration({
      eventName: 'Hackathon',
      eventType: 'group',
      teamDetails: {
        teamName: 'Byte Me',
        leader: { _id: 'aaaaaaaa-0000-4000-8000-000000000010', name: 'Asha Rao', rollNumber: '23CSE001', dept: 'CSE' },
        members: [
          { _id: 'aaaaaaaa-0000-4000-8000-000000000010', name: 'Asha Rao', rollNumber: '23CSE001', dept: 'CSE', joinedAt: '2026-11-20T06:00:00.000Z' },
          { _id: 'aaaaaaaa-0000-4000-8000-000000000020', name: 'Divya Menon', rollNumber: '23IT007', dept: 'IT', joinedAt: '2026-11-21T19:00:00.000Z' },
          { _id: null, name: 'Listed Guest', rollNumber: null, dept: null, joinedAt: '2026-11-21T19:00:00.000Z' },
        ],
      },
    });
    const { user } = renderPage(() => jsonResponse({ success: true, registrations: [registration, makeRegistration({ eventName: 'Chess Blitz' })] }));
    const card = await waitFor(() => cardOf('Hackathon'));
    const toggle = within(card).getByText('Team Byte Me · 3 members');
    const details = toggle.closest('details')!;
    expect(details).not.toHaveAttribute('open');
    await user.click(toggle);
    expect(details).toHaveAttribute('open');
    const leader = within(details).getByText('Leader', { selector: 'dt' }).nextElementSibling;
    expect(leader).toHaveTextContent('Asha Rao 23CSE001 · CSE');
    const members = within(details)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(members).toEqual(['Asha Rao23CSE001 · CSEJoined 20 Nov 2026', 'Divya Menon23IT007 · ITJoined 22 Nov 2026', 'Listed GuestJoined 22 Nov 2026']);
    expect(within(cardOf('Chess Blitz')).queryByText(/^Team /)).not.toBeInTheDocument();
  });

  it('says "No Registrations Yet" with a way to the events', async () => {
    renderPage(() => jsonResponse({ success: true, registrations: [] }));
    expect(await screen.findByRole('heading', { name: 'No Registrations Yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/#events');
  });

  it("keeps earlier festivals' registrations apart, below this festival's, with no ticket and no cancel", async () => {
    const registrations = [
      makeRegistration({ eventName: 'Quiz', eventDate: '2025-08-30T04:30:00.000Z', pastFestival: true, ticket: null }),
      makeRegistration({ eventName: 'Code Sprint', eventDate: '2026-08-29T04:30:00.000Z' }),
    ];
    renderPage(() => jsonResponse({ success: true, registrations }));
    const past = await screen.findByRole('region', { name: 'Past festivals' });
    expect(within(past).getByRole('link', { name: 'Quiz' })).toBeInTheDocument();
    expect(within(past).queryByRole('link', { name: 'Code Sprint' })).not.toBeInTheDocument();
    expect(within(past).getByText('30 Aug 2025')).toBeInTheDocument();
    expect(within(past).getByText(/Their tickets no longer admit anyone/)).toBeInTheDocument();
    expect(within(past).queryByRole('button')).not.toBeInTheDocument();
    expect(within(cardOf('Code Sprint')).getByRole('button', { name: /Cancel/ })).toBeInTheDocument();
  });

  it('says "No Registrations Yet" for this festival when every registration is an earlier festival\'s', async () => {
    renderPage(() => jsonResponse({ success: true, registrations: [makeRegistration({ eventName: 'Quiz', pastFestival: true, ticket: null })] }));
    expect(await screen.findByRole('heading', { name: 'No Registrations Yet' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Past festivals' })).toHaveTextContent('Quiz');
  });

  it('takes Browse Events to the events section of the home page', async () => {
    const events = addSection('events');
    const { user, router } = renderPage(() => jsonResponse({ success: true, registrations: [] }));
    await user.click(await screen.findByRole('link', { name: 'Browse Events' }));
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => expect(events.scrollIntoView).toHaveBeenCalled());
  });

  it('shows a spinner while loading', () => {
    renderPage(() => new Promise<Response>(() => {}));
    expect(screen.getByRole('status')).toHaveTextContent('Loading your registrations…');
  });

  it('says "Failed to load registrations" with Try Again, then shows them once it works', async () => {
    let calls = 0;
    const { user } = renderPage(() => {
      calls += 1;
      return calls === 1
        ? jsonResponse({ success: false, message: 'Something broke' }, 500)
        : jsonResponse({ success: true, registrations: [makeRegistration({ eventName: 'Chess Blitz' })] });
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load registrations');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Chess Blitz' })).toBeInTheDocument();
  });

  it('offers each dated registration holding a seat its calendar invite to download, with its hours', async () => {
    const registrations = [
      // 04:00 UTC is 9:30 on campus.
      makeRegistration({ eventName: 'Code Sprint', eventDate: '2026-12-20T04:00:00.000Z' }),
      makeRegistration({
        eventName: 'Debate',
        status: 'pending',
        eventDate: '2026-12-21T08:30:00.000Z',
        eventEndDate: '2026-12-21T10:00:00.000Z',
        venue: 'Seminar Hall 2',
      }),
      makeRegistration({ eventName: 'Open Mic', eventDate: null }),
      makeRegistration({ eventName: 'Quiz', status: 'rejected', ticket: null, eventDate: '2026-12-20T04:00:00.000Z' }),
    ];
    renderPage(() => jsonResponse({ success: true, registrations }));

    const sprint = within(await waitFor(() => cardOf('Code Sprint')));
    const invite = sprint.getByRole('link', { name: 'Add to calendar: Code Sprint' });
    expect(invite).toHaveAttribute('href', `/api/v1/registrations/${registrations[0].eventId}/calendar.ics`);
    expect(invite).toHaveAttribute('download');
    expect(sprint.getByText(/20 Dec 2026/)).toHaveTextContent(/9:30/);
    expect(within(cardOf('Debate')).getByRole('link', { name: 'Add to calendar: Debate' })).toBeInTheDocument();
    expect(within(cardOf('Debate')).getByText('21 Dec 2026, 2:00 pm – 3:30 pm')).toBeInTheDocument();
    // Where to go, beside when.
    expect(within(cardOf('Debate')).getByText('Seminar Hall 2')).toBeInTheDocument();
    expect(within(cardOf('Open Mic')).queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
    expect(within(cardOf('Quiz')).queryByRole('link', { name: /Add to calendar/ })).not.toBeInTheDocument();
  });

  describe('the reminder switch', () => {
    const noRegistrations = () => jsonResponse({ success: true, registrations: [] });

    it('shows the saved choice, saves a change at once and says so', async () => {
      let answer: (response: Response) => void = () => {};
      const { user, fetchMock } = renderPage(noRegistrations, {
        reminders: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      const toggle = screen.getByRole('switch', { name: SWITCH });
      expect(toggle).toBeChecked();

      await user.click(toggle);
      expect(await screen.findByText('Saving…')).toBeInTheDocument();
      expect(toggle).not.toBeChecked();
      const [sent] = requestsTo(fetchMock, REMINDERS);
      expect(sent.method).toBe('PUT');
      expect(await sent.json()).toEqual({ enabled: false });

      answer(jsonResponse({ success: true, message: 'Reminder e-mails are off.', eventReminders: false }));
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(toggle).not.toBeChecked();
      expect(toggle).toHaveAccessibleDescription('Saved');
    });

    it('starts off for a student who turned reminders off, and turns them back on', async () => {
      const { user, fetchMock } = renderPage(noRegistrations, {
        user: makeUser({ eventReminders: false }),
        reminders: () => jsonResponse({ success: true, message: 'You will get an e-mail the day before each of your events.', eventReminders: true }),
      });
      const toggle = screen.getByRole('switch', { name: SWITCH });
      expect(toggle).not.toBeChecked();
      await user.click(toggle);
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(toggle).toBeChecked();
      expect(await requestsTo(fetchMock, REMINDERS)[0].json()).toEqual({ enabled: true });
    });

    it('says when the choice could not be saved, and shows the one still saved', async () => {
      const { user } = renderPage(noRegistrations, { reminders: () => jsonResponse({ success: false, message: 'Something broke' }, 500) });
      const toggle = screen.getByRole('switch', { name: SWITCH });
      await user.click(toggle);
      expect(await screen.findByRole('alert')).toHaveTextContent('Something broke');
      expect(toggle).toBeChecked();
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    });

    it('is not shown to an admin, who gets no reminders', async () => {
      renderPage(noRegistrations, { user: makeUser({ role: 'admin', isAdmin: true }) });
      expect(await screen.findByRole('heading', { name: 'No Registrations Yet' })).toBeInTheDocument();
      expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    });
  });
});

describe('My Registrations: cancelling', () => {
  const student = makeUser();
  const teamOf = (leader: { _id: string; name: string }) => ({
    teamName: 'Byte Me',
    leader: { ...leader, rollNumber: '23CSE001', dept: 'CSE' },
    members: [{ ...leader, rollNumber: '23CSE001', dept: 'CSE', joinedAt: '2026-11-20T06:00:00.000Z' }],
  });

  type Handler = (request: Request) => Response | Promise<Response>;

  function renderCancellable(registrations: () => Registration[], cancel: Handler, cancelClosesAt: CancelClosesAt = () => undefined) {
    const chess = registrations()[0];
    const fetchMock = stubApi({
      '/api/v1/user/registrations': () => jsonResponse({ success: true, registrations: registrations() }),
      [CERTIFICATES]: noCertificates,
      [`/api/v1/registrations/${chess.eventId}/cancel`]: cancel,
    });
    const view = renderWithProviders(
      <>
        <MyRegistrationsPage cancelClosesAt={cancelClosesAt} />
        <ToastRegion />
      </>,
      { preloadedState: sessionOf(student), route: '/my-registrations' },
    );
    return { ...view, fetchMock };
  }

  // One registration across the list's reloads (a refusal reloads it).
  const chessBlitz = makeRegistration({ eventName: 'Chess Blitz' });
  const unused: Handler = () => jsonResponse({ success: false, message: 'unused' }, 500);
  const dialog = () => screen.getByRole('dialog', { name: 'Cancel Registration' });
  const nameInput = () => within(dialog()).getByRole('textbox', { name: 'Event name' });
  const confirm = () => within(dialog()).getByRole('button', { name: 'Cancel registration' });
  const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

  it('offers Cancel on each registration holding a seat until its deadline; a team member is told who may cancel', async () => {
    const registrations = [
      makeRegistration({ eventName: 'Chess Blitz', status: 'approved' }),
      makeRegistration({ eventName: 'Debate', status: 'pending' }),
      makeRegistration({ eventName: 'Open Mic', status: 'rejected', ticket: null }),
      makeRegistration({ eventName: 'Quiz' }),
      makeRegistration({ eventName: 'Hackathon', eventType: 'group', teamDetails: teamOf({ _id: student._id, name: student.name }) }),
      makeRegistration({ eventName: 'Robo Race', eventType: 'group', teamDetails: teamOf({ _id: 'aaaaaaaa-0000-4000-8000-000000000010', name: 'Asha Rao' }) }),
    ];
    const quiz = registrations[3].eventId;
    renderCancellable(
      () => registrations,
      unused,
      (eventId) => (eventId === quiz ? '2026-01-01T00:00:00.000Z' : '2099-01-01T00:00:00.000Z'),
    );
    const cancelIn = (eventName: string) => within(cardOf(eventName)).queryByRole('button', { name: `Cancel registration for ${eventName}` });
    await screen.findByRole('link', { name: 'Chess Blitz' });
    expect(cancelIn('Chess Blitz')).toBeInTheDocument();
    expect(cancelIn('Debate')).toBeInTheDocument();
    expect(cancelIn('Open Mic')).not.toBeInTheDocument();
    expect(cancelIn('Quiz')).not.toBeInTheDocument();
    expect(cancelIn('Hackathon')).toBeInTheDocument();
    expect(cancelIn('Robo Race')).not.toBeInTheDocument();
    expect(cardOf('Robo Race')).toHaveTextContent("Only Asha Rao, the team's leader, can cancel this registration.");
  });

  it('enables the confirmation only once the exact event name is typed', async () => {
    const { user, fetchMock } = renderCancellable(() => [chessBlitz], unused);
    await user.click(await screen.findByRole('button', { name: 'Cancel registration for Chess Blitz' }));
    expect(dialog()).toHaveTextContent('You give up your seat at Chess Blitz.');
    expect(nameInput()).toHaveFocus();
    // The field does not wear the name: empty, it must look empty.
    expect(nameInput()).toHaveAttribute('placeholder', 'Type the event name');
    expect(within(dialog()).getByRole('button', { name: 'Keep registration' })).toBeInTheDocument();
    expect(confirm()).toBeDisabled();
    await user.type(nameInput(), 'chess blitz');
    expect(confirm()).toBeDisabled();
    expect(nameInput()).toHaveAccessibleDescription('Type the event name exactly as shown to confirm.');
    await user.clear(nameInput());
    // Still the name's start: no hint while on the way.
    await user.type(nameInput(), 'Chess Blit');
    expect(confirm()).toBeDisabled();
    expect(within(dialog()).queryByText('Type the event name exactly as shown to confirm.')).not.toBeInTheDocument();
    await user.type(nameInput(), 'z ');
    expect(confirm()).toBeEnabled();
    expect(fetchMock.mock.calls.map(([request]) => (request as Request).method)).not.toContain('POST');
  });

  it("cancels: the server's message as a toast, and the registration leaves the list", async () => {
    const chess = makeRegistration({ eventName: 'Chess Blitz' });
    const debate = makeRegistration({ eventName: 'Debate' });
    let registrations = [chess, debate];
    let answer!: (response: Response) => void;
    const { user, fetchMock } = renderCancellable(
      () => registrations,
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel registration for Chess Blitz' }));
    await user.type(nameInput(), 'Chess Blitz');
    await user.click(confirm());
    expect(within(dialog()).getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    registrations = [debate];
    answer(jsonResponse({ success: true, message: 'Your registration for Chess Blitz is cancelled.' }));
    expect(await toasts().findByText('Your registration for Chess Blitz is cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chess Blitz' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Debate' })).toBeInTheDocument();
    // The button that had focus is gone with its registration: focus lands on the list.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Debate' }).closest('.registration-list')).toHaveFocus());
    expect(await requestsTo(fetchMock, `/api/v1/registrations/${chess.eventId}/cancel`)[0].json()).toEqual({ eventName: 'Chess Blitz' });
  });

  it("shows the server's refusal in the modal, keeping what was typed and the registration, and reads the list again", async () => {
    const { user, fetchMock } = renderCancellable(
      () => [chessBlitz],
      () => jsonResponse({ success: false, message: 'The registration deadline for Chess Blitz has passed: registrations can no longer be cancelled.' }, 409),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel registration for Chess Blitz' }));
    await user.type(nameInput(), 'Chess Blitz');
    await user.click(confirm());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'The registration deadline for Chess Blitz has passed: registrations can no longer be cancelled.',
    );
    expect(nameInput()).toHaveValue('Chess Blitz');
    // Trying again cannot help once the deadline has passed.
    expect(confirm()).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Chess Blitz' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/user/registrations').length).toBeGreaterThan(1));
  });

  it("shows the server's word on the typed name", async () => {
    const { user } = renderCancellable(
      () => [chessBlitz],
      () =>
        jsonResponse(
          { success: false, message: 'Validation failed', errors: [{ field: 'eventName', message: 'Type the event name exactly as shown to confirm.' }] },
          400,
        ),
    );
    await user.click(await screen.findByRole('button', { name: 'Cancel registration for Chess Blitz' }));
    await user.type(nameInput(), 'Chess Blitz');
    await user.click(confirm());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Type the event name exactly as shown to confirm.');
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof renderCancellable>['user']) => user.keyboard('{Escape}')],
    ['a backdrop click', async (user: ReturnType<typeof renderCancellable>['user']) => user.click(dialog().parentElement!)],
    [
      'Keep registration',
      async (user: ReturnType<typeof renderCancellable>['user']) => user.click(within(dialog()).getByRole('button', { name: 'Keep registration' })),
    ],
  ])('closes on %s, clearing the text and the error', async (_how, close) => {
    const { user } = renderCancellable(
      () => [chessBlitz],
      () => jsonResponse({ success: false, message: "Only the team leader can cancel the team's registration." }, 403),
    );
    const open = await screen.findByRole('button', { name: 'Cancel registration for Chess Blitz' });
    await user.click(open);
    await user.type(nameInput(), 'Chess Blitz');
    await user.click(confirm());
    await within(dialog()).findByRole('alert');
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
    await user.click(open);
    expect(nameInput()).toHaveValue('');
    expect(errorOf(nameInput())).toBeNull();
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
