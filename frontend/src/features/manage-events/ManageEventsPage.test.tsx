import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminEvent, SessionUser } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeAdminEvent, makeApplication, sessionOf, superAdmin, makeClubs } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { ManageEventsPage } from './ManageEventsPage';

type Answers = Record<string, (request: Request) => Response | Promise<Response>>;

function renderEvents(events: () => AdminEvent[], viewer: SessionUser = clubAdmin(), answers: Answers = {}, state?: unknown) {
  const fetchMock = stubApi({
    '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
    '/api/v1/admin/events': () => jsonResponse({ success: true, events: events() }),
    ...answers,
  });
  const view = renderWithProviders(
    <>
      <ManageEventsPage />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(viewer), route: '/admin/events', state },
  );
  return { ...view, fetchMock };
}

const card = (name: string) => screen.getByRole('article', { name });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('/admin/events', () => {
  it('lists the events with seats, status, Edit and Delete', async () => {
    const codeSprint = makeAdminEvent({
      name: 'Code Sprint',
      actualSeatsTaken: 12,
      maxApplications: 60,
      applicationCounts: { pending: 0, approved: 12, rejected: 1 },
    });
    const quiz = makeAdminEvent({ name: 'Quiz Night', isActive: false, maxApplications: null });
    renderEvents(() => [codeSprint, quiz]);
    const sprint = await screen.findByRole('article', { name: 'Code Sprint' });
    expect(within(sprint).getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuetext', '12 / 60 seats taken');
    expect(within(sprint).getByText('Active')).toBeInTheDocument();
    expect(sprint).toHaveTextContent('Registrations: 12 approved · 0 pending · 1 rejected');
    expect(within(sprint).getByRole('link', { name: 'Edit Code Sprint' })).toHaveAttribute('href', `/edit-event/${codeSprint._id}`);
    expect(within(card('Quiz Night')).getByText('Inactive')).toBeInTheDocument();
    expect(within(card('Quiz Night')).getByText('Unlimited seats')).toBeInTheDocument();
    // Without approval there is no queue.
    expect(within(sprint).queryByRole('region', { name: /Approval queue/ })).not.toBeInTheDocument();
  });

  it('marks the event Create Event just saved and starts the keyboard at it; the others stay as they are', async () => {
    const [quiz, sprint] = [makeAdminEvent({ name: 'Quiz Night' }), makeAdminEvent({ name: 'Code Sprint' })];
    renderEvents(() => [quiz, sprint], clubAdmin(), {}, { savedEventId: sprint._id });
    const created = await screen.findByRole('article', { name: 'Code Sprint' });
    expect(within(created).getByText('Just created')).toBeInTheDocument();
    await waitFor(() => expect(created).toHaveFocus());
    expect(within(card('Quiz Night')).queryByText('Just created')).not.toBeInTheDocument();
  });

  it("offers last festival's events to copy into Create Event, below this festival's", async () => {
    const editions = [
      { id: 2, name: 'Campus Festival 2026', firstDay: '2026-12-20', lastDay: '2026-12-20', open: true, closedAt: null },
      { id: 1, name: 'Campus Festival', firstDay: '2025-08-30', lastDay: '2025-08-30', open: false, closedAt: '2025-09-02T04:30:00.000Z' },
    ];
    const lastYear = makeAdminEvent({ name: 'Quiz' });
    const { fetchMock } = renderEvents(() => [], clubAdmin(), {
      '/api/v1/festival/editions': () => jsonResponse({ success: true, editions }),
      '/api/v1/admin/events': (request) => jsonResponse({ success: true, events: new URL(request.url).searchParams.get('edition') === '1' ? [lastYear] : [] }),
    });
    const panel = await screen.findByRole('region', { name: 'From Campus Festival' });
    expect(within(panel).getByRole('link', { name: 'Copy Quiz' })).toHaveAttribute('href', `/admin/events/create?copy=${lastYear._id}`);
    expect(screen.getByRole('heading', { name: 'No events found' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/v1/admin/events').map((request) => new URL(request.url).search)).toEqual(expect.arrayContaining(['', '?edition=1']));
  });

  it('says when there are no events, with Create Event', async () => {
    renderEvents(() => []);
    const empty = await screen.findByRole('heading', { name: 'No events found' });
    expect(empty.parentElement).toHaveTextContent('Create your first event to see it here.');
    expect(within(empty.parentElement!).getByRole('link', { name: 'Create Event' })).toHaveAttribute('href', '/admin/events/create');
  });

  it('says when the events cannot be loaded, and Try Again loads them', async () => {
    let answer = () => jsonResponse({ success: false, message: 'Database unavailable' }, 503);
    const { user } = renderEvents(() => [], clubAdmin(), { '/api/v1/admin/events': () => answer() });
    expect(await screen.findByRole('heading', { name: 'Failed to load events' })).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    answer = () => jsonResponse({ success: true, events: [makeAdminEvent({ name: 'Code Sprint' })] });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Code Sprint' })).toBeInTheDocument();
  });

  it('lets the super admin filter by club', async () => {
    const events = [makeAdminEvent({ name: 'Code Sprint', clubInCharge: 'Tech Club' }), makeAdminEvent({ name: 'Poetry Slam', clubInCharge: 'Literary Club' })];
    const { user } = renderEvents(() => events, superAdmin());
    await screen.findByRole('article', { name: 'Code Sprint' });
    expect(screen.getAllByRole('article')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Club' }), 'Literary Club');
    expect(screen.getAllByRole('article').map((article) => within(article).getByRole('heading', { level: 2 }).textContent)).toEqual(['Poetry Slam']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Club' }), 'Drama Club');
    expect(screen.getByText('Drama Club has not created any events yet.')).toBeInTheDocument();
  });

  it('deletes an event once its exact name is typed, saying how many registrations were cancelled', async () => {
    const registered = [makeApplication('Ravi Kumar', { status: 'approved' }), makeApplication('Meena Das', { status: 'approved' })];
    let events = [makeAdminEvent({ name: 'Code Sprint', applications: registered })];
    const { user, fetchMock } = renderEvents(() => events, clubAdmin(), {
      [`/api/v1/admin/events/${events[0]._id}`]: () => {
        events = [];
        return jsonResponse({ success: true, message: 'Event deleted', cancelledRegistrations: 2 });
      },
    });
    const eventId = events[0]._id;
    await user.click(within(await screen.findByRole('article', { name: 'Code Sprint' })).getByRole('button', { name: 'Delete Code Sprint' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete event' });
    expect(dialog).toHaveTextContent('Deleting Code Sprint cancels its 2 registrations and e-mails every registered student.');
    const confirm = within(dialog).getByRole('button', { name: 'Delete Event' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Event name' }), 'code sprint');
    await user.click(confirm);
    expect(within(dialog).getByText("Event name doesn't match. Please type the exact event name.")).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/events/${eventId}`)).toHaveLength(0);
    await user.clear(within(dialog).getByRole('textbox', { name: 'Event name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Event name' }), 'Code Sprint');
    await user.click(confirm);
    expect(await toasts().findByText('Event deleted: 2 registrations cancelled')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/events/${eventId}`)[0].method).toBe('DELETE');
    expect(await screen.findByRole('heading', { name: 'No events found' })).toBeInTheDocument();
  });

  it('approves one waiting student, and rejects a team and a student together', async () => {
    const ravi = makeApplication('Ravi Kumar');
    const asha = makeApplication('Asha Rao', { teamId: 'cccccccc-0000-4000-8000-000000000001', teamName: 'Byte Me' });
    const divya = makeApplication('Divya Menon', { teamId: 'cccccccc-0000-4000-8000-000000000001', teamName: 'Byte Me' });
    const meena = makeApplication('Meena Das');
    const decided = makeApplication('Old Hand', { status: 'approved' });
    let applications = [ravi, asha, divya, meena, decided];
    const event = () => makeAdminEvent({ _id: '00000000-0000-4000-8000-000000000500', name: 'Paper Presentation', requiresApproval: true, applications });
    const bodies: unknown[] = [];
    const { user } = renderEvents(() => [event()], clubAdmin(), {
      '/api/v1/admin/events/00000000-0000-4000-8000-000000000500/registrations': async (request) => {
        const body = (await request.json()) as { status: 'approved' | 'rejected'; userIds?: string[]; teamIds?: string[] };
        bodies.push(body);
        applications = applications.map((application) =>
          body.userIds?.includes(application.userId) || (application.teamId && body.teamIds?.includes(application.teamId))
            ? { ...application, status: body.status }
            : application,
        );
        const count = (body.userIds?.length ?? 0) + (body.teamIds?.length ?? 0);
        return jsonResponse({ success: true, message: `${count} registration${count === 1 ? '' : 's'} ${body.status}`, updated: count, skipped: 0 });
      },
    });
    const queue = await screen.findByRole('region', { name: /Approval queue/ });
    expect(queue).toHaveAccessibleName('Approval queue (3 waiting)');
    const items = within(queue)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('queue__item'));
    expect(items.map((item) => within(item).getByRole('checkbox').getAttribute('aria-label'))).toEqual([
      'Select Ravi Kumar',
      'Select Byte Me',
      'Select Meena Das',
    ]);
    // The team's members are listed under it.
    expect(items[1]).toHaveTextContent('Asha Rao');
    expect(items[1]).toHaveTextContent('Divya Menon');

    await user.click(within(queue).getByRole('button', { name: 'Approve Ravi Kumar' }));
    expect(await toasts().findByText('1 registration approved')).toBeInTheDocument();
    await waitFor(() => expect(queue).toHaveAccessibleName('Approval queue (2 waiting)'));
    expect(bodies[0]).toEqual({ status: 'approved', userIds: [ravi.userId] });

    const bulkReject = within(queue).getByRole('button', { name: 'Reject selected (0)' });
    expect(bulkReject).toBeDisabled();
    await user.click(within(queue).getByRole('checkbox', { name: 'Select all' }));
    await user.click(within(queue).getByRole('button', { name: 'Reject selected (2)' }));
    // A rejection asks why first; the reason is optional and goes to the students.
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 registrations?' });
    expect(within(dialog).getByLabelText('Reason (optional)')).toHaveFocus();
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Seats are for 3rd-year students only.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toasts().findByText('2 registrations rejected')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bodies[1]).toEqual({ status: 'rejected', userIds: [meena.userId], teamIds: [asha.teamId], reason: 'Seats are for 3rd-year students only.' });
    expect(await within(queue).findByText('No registrations are waiting for approval.')).toBeInTheDocument();
  });

  it('leaves focus on the next one waiting after each decision, and on the queue once none waits', async () => {
    const ravi = makeApplication('Ravi Kumar');
    const asha = makeApplication('Asha Rao', { teamId: 'cccccccc-0000-4000-8000-000000000002', teamName: 'Byte Me' });
    const meena = makeApplication('Meena Das');
    let applications = [ravi, asha, meena];
    const event = () => makeAdminEvent({ _id: '00000000-0000-4000-8000-000000000501', name: 'Paper Presentation', requiresApproval: true, applications });
    const { user } = renderEvents(() => [event()], clubAdmin(), {
      '/api/v1/admin/events/00000000-0000-4000-8000-000000000501/registrations': async (request) => {
        const body = (await request.json()) as { status: 'approved' | 'rejected'; userIds?: string[]; teamIds?: string[] };
        applications = applications.map((application) =>
          body.userIds?.includes(application.userId) || (application.teamId && body.teamIds?.includes(application.teamId))
            ? { ...application, status: body.status }
            : application,
        );
        return jsonResponse({ success: true, message: `Registrations ${body.status}`, updated: 1, skipped: 0 });
      },
    });
    const queue = await screen.findByRole('region', { name: /Approval queue/ });
    const decide = async (name: string) => {
      await user.click(within(queue).getByRole('button', { name }));
      // A rejection's dialog, given no reason.
      if (name.startsWith('Reject')) await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(within(queue).queryByRole('button', { name })).not.toBeInTheDocument());
    };
    await decide('Approve Ravi Kumar');
    expect(within(queue).getByRole('button', { name: 'Approve Byte Me' })).toHaveFocus();
    // The last one decided: the one before it is next.
    await decide('Reject Meena Das');
    expect(within(queue).getByRole('button', { name: 'Approve Byte Me' })).toHaveFocus();
    await decide('Approve Byte Me');
    expect(within(queue).getByRole('heading', { name: 'Approval queue (0 waiting)' })).toHaveFocus();
  });

  it('leaves focus on the queue when the last one waiting is approved before the list has come back from the first approval', async () => {
    const ravi = makeApplication('Ravi Kumar');
    const meena = makeApplication('Meena Das');
    let applications = [ravi, meena];
    const event = () => makeAdminEvent({ _id: '00000000-0000-4000-8000-000000000502', name: 'Paper Presentation', requiresApproval: true, applications });
    // After the first read, the list fetched again after a decision waits, as on a slow connection.
    let listReads = 0;
    let releaseLists = () => {};
    const listsHeld = new Promise<void>((resolve) => (releaseLists = resolve));
    const { user } = renderEvents(() => [event()], clubAdmin(), {
      '/api/v1/admin/events': async () => {
        listReads += 1;
        if (listReads > 1) await listsHeld;
        return jsonResponse({ success: true, events: [event()] });
      },
      '/api/v1/admin/events/00000000-0000-4000-8000-000000000502/registrations': async (request) => {
        const { userIds = [] } = (await request.json()) as { userIds?: string[] };
        applications = applications.map((application) => (userIds.includes(application.userId) ? { ...application, status: 'approved' } : application));
        return jsonResponse({ success: true, message: `${userIds.length} registration approved`, updated: userIds.length, skipped: 0 });
      },
    });
    const queue = await screen.findByRole('region', { name: /Approval queue/ });
    await user.click(within(queue).getByRole('button', { name: 'Approve Ravi Kumar' }));
    const approveMeena = within(queue).getByRole('button', { name: 'Approve Meena Das' });
    await waitFor(() => expect(approveMeena).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(toasts().getAllByText('1 registration approved')).toHaveLength(2));

    releaseLists();
    expect(await within(queue).findByText('No registrations are waiting for approval.')).toBeInTheDocument();
    expect(within(queue).getByRole('heading', { name: 'Approval queue (0 waiting)' })).toHaveFocus();
  });

  it('reports a refused decision as an error toast', async () => {
    const ravi = makeApplication('Ravi Kumar');
    const event = makeAdminEvent({ name: 'Paper Presentation', requiresApproval: true, applications: [ravi] });
    const { user } = renderEvents(() => [event], clubAdmin(), {
      [`/api/v1/admin/events/${event._id}/registrations`]: () => jsonResponse({ success: false, message: "You don't have permission to edit this event" }, 403),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject Ravi Kumar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject Ravi Kumar?' })).getByRole('button', { name: 'Reject' }));
    expect(await toasts().findByText("You don't have permission to edit this event")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Ravi Kumar' })).toHaveFocus();
  });

  it('keeps a rejection undone when its dialog is closed, and refuses a reason over 300 characters', async () => {
    const ravi = makeApplication('Ravi Kumar');
    const event = makeAdminEvent({ name: 'Paper Presentation', requiresApproval: true, applications: [ravi] });
    const decisions = `/api/v1/admin/events/${event._id}/registrations`;
    const { user, fetchMock } = renderEvents(() => [event], clubAdmin(), {
      [decisions]: () => jsonResponse({ success: true, message: 'x', updated: 1, skipped: 0 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Reject Ravi Kumar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject Ravi Kumar' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Reject Ravi Kumar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Reason (optional)'));
    await user.paste('x'.repeat(301));
    expect(within(dialog).getByText('The reason must be at most 300 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(requestsTo(fetchMock, decisions)).toHaveLength(0);
  });
});
