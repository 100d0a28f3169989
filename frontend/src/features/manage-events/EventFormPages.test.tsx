import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminEvent, SessionUser, StaffAdmin } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { clubAdmin, makeAdminEvent, sessionOf, superAdmin, makeClubs } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { CreateEventPage, EditEventPage } from './EventFormPages';

const kavya: StaffAdmin = { _id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Kavya Nair', email: 'kavya@campus.ac.in', club: 'Tech Club', dept: 'CSE' };
const karthik: StaffAdmin = { _id: 'aaaaaaaa-0000-4000-8000-000000000012', name: 'Karthik Rao', email: 'karthik@campus.ac.in', club: 'Tech Club', dept: 'IT' };

type Answers = Record<string, (request: Request) => Response | Promise<Response>>;

function renderForm(route: string, viewer: SessionUser, answers: Answers = {}) {
  const fetchMock = stubApi({
    '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
    '/api/v1/admin/users/all-admins': () => jsonResponse({ success: true, admins: [kavya, karthik] }),
    ...answers,
  });
  const view = renderRoutes(
    [
      { path: '/admin/events/create', element: <CreateEventPage /> },
      { path: '/edit-event/:eventId', element: <EditEventPage /> },
      { path: '/admin/events', element: <h1>Manage Events</h1> },
    ],
    { route, preloadedState: sessionOf(viewer) },
  );
  return { ...view, fetchMock };
}

const textbox = (name: string) => screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const number = (name: string) => screen.getByRole('spinbutton', { name });
const staffSearch = () => screen.getByRole('searchbox', { name: 'Staff in-charge' });
const offered = async (name: string) => within(await screen.findByRole('list', { name: 'Search results' })).getByRole('button', { name: new RegExp(name) });

async function chooseStaff(user: ReturnType<typeof renderForm>['user'], text: string, name: string) {
  await user.type(staffSearch(), text);
  await user.click(await offered(name));
  await user.clear(staffSearch());
}

describe('/admin/events/create', () => {
  it("shows a club admin's club read-only, and checks each field once it is left", async () => {
    const { user } = renderForm('/admin/events/create', clubAdmin());
    const club = textbox('Club in charge');
    expect(club).toHaveValue('Tech Club');
    expect(club).toHaveAttribute('readonly');
    expect(screen.getByText('Club cannot be changed by club admins')).toBeInTheDocument();

    await user.type(textbox('Event name'), 'AI');
    expect(errorOf(textbox('Event name'))).toBe(null);
    await user.tab();
    expect(errorOf(textbox('Event name'))).toBe('Event name must be at least 3 characters');
    await user.type(number('Max applications'), '0');
    await user.tab();
    expect(errorOf(number('Max applications'))).toBe('Max applications must be a positive number');
    const deadline = screen.getByLabelText('Application deadline');
    await user.type(deadline, '2020-01-01T10:00');
    await user.tab();
    expect(errorOf(deadline)).toBe('Application deadline must be in the future');
  });

  it('checks the end against the event date: it needs one, and comes after it', async () => {
    const { user } = renderForm('/admin/events/create', clubAdmin());
    const [date, end] = [screen.getByLabelText('Event date'), screen.getByLabelText('Event end')];
    await user.type(end, '2030-12-20T11:30');
    await user.tab();
    expect(errorOf(end)).toBe('Set the event date before its end');
    await user.type(date, '2030-12-20T12:00');
    await user.tab();
    await user.click(end);
    await user.tab();
    expect(errorOf(end)).toBe('Event end must be after the event date');
    await user.clear(date);
    await user.type(date, '2030-12-20T10:00');
    await user.click(end);
    await user.tab();
    expect(errorOf(end)).toBe(null);
  });

  it('counts the description to 1000 and refuses more', async () => {
    const { user } = renderForm('/admin/events/create', clubAdmin());
    const description = textbox('Description');
    expect(screen.getByText('0/1000')).toBeInTheDocument();
    await user.click(description);
    await user.paste('x'.repeat(1001));
    expect(screen.getByText('1001/1000')).toBeInTheDocument();
    await user.tab();
    expect(errorOf(description)).toBe('Description must not exceed 1000 characters');
  });

  it('tells a club admin without a club that they have none', () => {
    renderForm('/admin/events/create', clubAdmin({ club: null }));
    expect(textbox('Club in charge')).toHaveValue('');
    expect(screen.getByText('No club assigned', { selector: '.field__hint' })).toBeInTheDocument();
  });

  it('searches staff from 2 characters after 300 ms, hides those chosen, and removes a chip', async () => {
    const { user, fetchMock } = renderForm('/admin/events/create', clubAdmin());
    await user.type(staffSearch(), 'k');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requestsTo(fetchMock, '/api/v1/admin/users/all-admins')).toHaveLength(0);
    await user.type(staffSearch(), 'a');
    expect(requestsTo(fetchMock, '/api/v1/admin/users/all-admins')).toHaveLength(0);
    await user.click(await offered('Kavya Nair'));
    expect(new URL(requestsTo(fetchMock, '/api/v1/admin/users/all-admins')[0].url).searchParams.get('search')).toBe('ka');
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).queryByText('Kavya Nair')).not.toBeInTheDocument();
    expect(within(results).getByText('Karthik Rao')).toBeInTheDocument();
    const chosen = screen.getByRole('list', { name: 'Selected staff in-charge' });
    expect(within(chosen).getByText('Kavya Nair')).toBeInTheDocument();
    await user.click(within(chosen).getByRole('button', { name: 'Remove Kavya Nair' }));
    expect(screen.queryByRole('list', { name: 'Selected staff in-charge' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Search results' })).getByText('Kavya Nair')).toBeInTheDocument();
  });

  it('says the one admin found is chosen, not that nobody was found', async () => {
    const { user } = renderForm('/admin/events/create', clubAdmin(), {
      '/api/v1/admin/users/all-admins': () => jsonResponse({ success: true, admins: [kavya] }),
    });
    await user.type(staffSearch(), 'kavya');
    await user.click(await offered('Kavya Nair'));
    expect(screen.getByRole('status')).toHaveTextContent('Everyone found is already chosen');
    expect(screen.queryByText('No admins found')).not.toBeInTheDocument();
  });

  it('requires a staff in-charge and shows the team fields for group events only', async () => {
    const { user, fetchMock } = renderForm('/admin/events/create', clubAdmin());
    await user.type(textbox('Event name'), 'Robo Race');
    await user.selectOptions(select('Event type'), 'solo');
    expect(screen.queryByRole('group', { name: 'Teams' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(errorOf(staffSearch())).toBe('Please select at least one staff in-charge');
    expect(staffSearch()).toHaveFocus();
    expect(requestsTo(fetchMock, '/api/v1/admin/events')).toHaveLength(0);

    await user.selectOptions(select('Event type'), 'group');
    const teams = screen.getByRole('group', { name: 'Teams' });
    await user.type(within(teams).getByRole('spinbutton', { name: 'Minimum team size' }), '4');
    await user.type(within(teams).getByRole('spinbutton', { name: 'Maximum team size' }), '2');
    await user.tab();
    expect(errorOf(within(teams).getByRole('spinbutton', { name: 'Maximum team size' }))).toBe('Maximum team size must be at least the minimum');
    expect(within(teams).queryByRole('spinbutton', { name: "Boys' teams at most" })).not.toBeInTheDocument();
    await user.click(within(teams).getByRole('checkbox', { name: "Separate limits for boys' and girls' teams" }));
    expect(within(teams).getByRole('spinbutton', { name: "Boys' teams at most" })).toBeInTheDocument();
  });

  it('creates the event: the whole form is disabled while sending, the message shows, and after 1.5 s it is back at /admin/events', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let respond: (response: Response) => void = () => {};
    const { user, router, fetchMock } = renderForm('/admin/events/create', clubAdmin(), {
      '/api/v1/admin/events': () => new Promise<Response>((resolve) => (respond = resolve)),
    });
    await user.type(textbox('Event name'), '  Code Sprint ');
    await user.selectOptions(select('Event type'), 'competition');
    await user.type(textbox('Description'), 'Solve five problems in two hours.');
    await chooseStaff(user, 'ka', 'Kavya Nair');
    await user.type(number('Max applications'), '60');
    await user.type(screen.getByLabelText('Application deadline'), '2030-12-18T18:00');
    await user.type(textbox('Rules'), 'Bring your laptop\n\nNo internet');
    await user.click(screen.getByRole('checkbox', { name: 'Registrations need approval' }));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    expect(screen.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    expect(textbox('Event name')).toBeDisabled();
    expect(staffSearch()).toBeDisabled();
    expect(await requestsTo(fetchMock, '/api/v1/admin/events')[0].json()).toEqual({
      name: 'Code Sprint',
      event_type: 'competition',
      description: 'Solve five problems in two hours.',
      staff_incharges: [{ adminId: kavya._id, name: 'Kavya Nair', email: 'kavya@campus.ac.in', club: 'Tech Club' }],
      isActive: true,
      maxApplications: 60,
      applicationDeadline: '2030-12-18T12:30:00.000Z',
      eventDate: null,
      eventEndDate: null,
      venue: '',
      rules: ['Bring your laptop', 'No internet'],
      minTeamSize: null,
      maxTeamSize: null,
      requiresApproval: true,
      hasGenderBasedTeams: false,
      maxBoyTeams: null,
      maxGirlTeams: null,
      coordinatorName: '',
      coordinatorDept: '',
    });
    const created = makeAdminEvent({ name: 'Code Sprint' });
    respond(jsonResponse({ success: true, message: 'Event created successfully!', event: created }, 201));
    // Said beside the button just pressed, where the keyboard waits, not at the top of a long form.
    const said = await screen.findByText('Event created successfully!');
    await waitFor(() => expect(said.closest('[tabindex="-1"]')).toHaveFocus());
    expect(said.compareDocumentPosition(screen.getByRole('button', { name: 'Create Event' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(textbox('Event name')).toBeDisabled();
    await act(() => vi.advanceTimersByTime(1400));
    expect(router.state.location.pathname).toBe('/admin/events/create');
    await act(() => vi.advanceTimersByTime(100));
    expect(router.state.location.pathname).toBe('/admin/events');
    // Manage Events is told which event is new, to mark it and start there.
    expect(router.state.location.state).toEqual({ savedEventId: created._id });
  });

  it("lets the super admin choose the club, and shows the server's refusals", async () => {
    const { user } = renderForm('/admin/events/create', superAdmin(), {
      '/api/v1/admin/events': () => jsonResponse({ success: false, message: 'An event with this name already exists' }, 409),
    });
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(errorOf(select('Club in charge'))).toBe('Please select a club');
    expect(errorOf(textbox('Event name'))).toBe('Event name is required');
    expect(errorOf(select('Event type'))).toBe('Please select an event type');
    await user.type(textbox('Event name'), 'Code Sprint');
    await user.selectOptions(select('Event type'), 'solo');
    await user.selectOptions(select('Club in charge'), 'Tech Club');
    await chooseStaff(user, 'ka', 'Karthik Rao');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An event with this name already exists');
    expect(textbox('Event name')).toBeEnabled();
  });
});

describe('/admin/events/create?copy={eventId}', () => {
  it("starts from an earlier festival's event, with its details and staff but none of its dates", async () => {
    const lastYear = makeAdminEvent({
      name: 'Quiz',
      description: 'Questions on everything.',
      venue: 'Main Hall',
      eventDate: '2025-08-30T04:30:00.000Z',
      applicationDeadline: '2025-08-28T18:29:00.000Z',
      staff_incharges: [{ adminId: kavya._id, name: kavya.name, email: kavya.email, club: 'Tech Club' }],
    });
    renderForm(`/admin/events/create?copy=${lastYear._id}`, clubAdmin(), {
      [`/api/v1/admin/events/${lastYear._id}`]: () => jsonResponse({ success: true, event: lastYear }),
    });
    expect(await screen.findByDisplayValue('Quiz')).toBeInTheDocument();
    expect(textbox('Venue')).toHaveValue('Main Hall');
    expect(screen.getByText("Last festival's details are filled in: check them, and set this festival's dates.")).toBeInTheDocument();
    expect(screen.getByLabelText('Event date')).toHaveValue('');
    expect(screen.getByLabelText('Application deadline')).toHaveValue('');
    expect(screen.getByText('Kavya Nair')).toBeInTheDocument();
  });

  it('says when the event to copy cannot be loaded', async () => {
    renderForm('/admin/events/create?copy=00000000-0000-4000-8000-000000000099', clubAdmin(), {
      '/api/v1/admin/events/00000000-0000-4000-8000-000000000099': () => jsonResponse({ success: false, message: 'Event not found' }, 404),
    });
    expect(await screen.findByRole('heading', { name: 'Failed to load the event to copy' })).toBeInTheDocument();
  });
});

describe('/edit-event/{eventId}', () => {
  const codeSprint = (): AdminEvent =>
    makeAdminEvent({
      name: 'Code Sprint',
      event_type: 'competition',
      clubInCharge: 'Tech Club',
      description: 'Solve five problems.',
      staff_incharges: [{ adminId: kavya._id, name: 'Kavya Nair', email: 'kavya@campus.ac.in', club: 'Tech Club' }],
      maxApplications: 60,
      applicationDeadline: '2020-12-18T12:30:00.000Z',
      rules: ['Bring your laptop'],
    });

  it('shows a spinner, then the event filled in with the guidelines; sends only the changes and goes back after 1.5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const event = codeSprint();
    const { user, router, fetchMock } = renderForm(`/edit-event/${event._id}`, clubAdmin(), {
      [`/api/v1/admin/events/${event._id}`]: (request) =>
        request.method === 'PUT' ? jsonResponse({ success: true, message: 'Event updated successfully!', event }) : jsonResponse({ success: true, event }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading the event…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Event' })).toBeInTheDocument();
    const guidelines = screen.getByRole('complementary', { name: 'Guidelines' });
    expect(
      within(guidelines)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'The event name must be unique across all events.',
      'Club admins cannot change the club in charge.',
      'Existing applications are not affected by these changes.',
      'Changes take effect immediately.',
    ]);
    expect(textbox('Event name')).toHaveValue('Code Sprint');
    expect(number('Max applications')).toHaveValue(60);
    // The passed deadline may stay as it was.
    expect(screen.getByLabelText('Application deadline')).toHaveValue('2020-12-18T18:00');
    expect(within(screen.getByRole('list', { name: 'Selected staff in-charge' })).getByText('Kavya Nair')).toBeInTheDocument();
    await user.clear(number('Max applications'));
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    await user.click(screen.getByRole('button', { name: 'Update Event' }));
    expect(await screen.findByText('Event updated successfully!')).toBeInTheDocument();
    const put = requestsTo(fetchMock, `/api/v1/admin/events/${event._id}`).find(({ method }) => method === 'PUT');
    expect(await put?.json()).toEqual({ isActive: false, maxApplications: null });
    await act(() => vi.advanceTimersByTime(1500));
    expect(router.state.location.pathname).toBe('/admin/events');
  });

  it('goes back from Cancel and from the close button', async () => {
    const event = codeSprint();
    const { user, router } = renderForm(`/edit-event/${event._id}`, clubAdmin(), {
      [`/api/v1/admin/events/${event._id}`]: () => jsonResponse({ success: true, event }),
    });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe('/admin/events');
  });

  it('says "Event not found" with Go Back, and a refusal for another club\'s event', async () => {
    const { user, router } = renderForm('/edit-event/00000000-0000-4000-8000-000000000404', clubAdmin(), {
      '/api/v1/admin/events/00000000-0000-4000-8000-000000000404': () => jsonResponse({ success: false, message: 'Event not found' }, 404),
      '/api/v1/admin/events/00000000-0000-4000-8000-000000000403': () =>
        jsonResponse({ success: false, message: "You don't have permission to edit this event" }, 403),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(router.state.location.pathname).toBe('/admin/events');
    await act(() => router.navigate('/edit-event/00000000-0000-4000-8000-000000000403'));
    expect(await screen.findByText("You don't have permission to edit this event")).toBeInTheDocument();
  });
});
