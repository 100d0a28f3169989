import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Applicant, DoorTicket } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeAdminEvent, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CameraError, type CameraFailure, ScannerDevicesContext, type ScannerDevices } from './scanner-devices';
import { ScanTicketsPage } from './ScanTicketsPage';

const CODE = 'AbCdEfGhIjKlMnOpQrSt_-';
const OTHER_CODE = 'ZyXwVuTsRqPoNmLkJiHg98';
const EVENT = { _id: '00000000-0000-4000-8000-0000000000e1', name: 'Code Sprint' };
const CHECKED_IN_AT = '2026-12-20T04:32:00.000Z'; // 10:02 am in India

function makeHolder(name: string, overrides: Partial<Applicant> = {}): Applicant {
  return {
    userId: `bbbbbbbb-0000-4000-8000-${name.length.toString().padStart(12, '0')}`,
    name,
    email: `${name.split(' ')[0].toLowerCase()}@campus.ac.in`,
    dept: 'CSE',
    year: '3',
    rollNum: '23CSE001',
    teamId: null,
    teamName: null,
    isPresent: false,
    checkedInAt: null,
    ...overrides,
  };
}

const present = (holder: Applicant): Applicant => ({ ...holder, isPresent: true, checkedInAt: CHECKED_IN_AT });

/**
 * The device as the test drives it: a camera that starts (or fails as told) and a QR reader that
 * sees whatever ticket is held in front of it, on every read, until it is taken away.
 */
function fakeDevices({ camera = 'live', reader = 'ready' }: { camera?: 'live' | 'waiting' | CameraFailure; reader?: 'ready' | 'broken-once' } = {}) {
  let held: string | null = null;
  let cameraStops = 0;
  let readerLoads = 0;
  const devices: ScannerDevices = {
    startCamera: () => {
      if (camera === 'waiting') return new Promise(() => {});
      if (camera !== 'live') return Promise.reject(new CameraError(camera));
      return Promise.resolve(() => (cameraStops += 1));
    },
    loadReader: () => {
      readerLoads += 1;
      if (reader === 'broken-once' && readerLoads === 1) return Promise.reject(new Error('wasm did not load'));
      return Promise.resolve({ read: () => Promise.resolve(held === null ? [] : [held]) });
    },
  };
  return {
    devices,
    hold: (code: string | null) => (held = code),
    cameraStops: () => cameraStops,
  };
}

function renderScanner(devices: ScannerDevices, routes: Record<string, (request: Request) => Response | Promise<Response>> = {}) {
  const fetchMock = stubApi(routes);
  const view = renderWithProviders(
    <ScannerDevicesContext value={devices}>
      <ScanTicketsPage />
    </ScannerDevicesContext>,
    { preloadedState: sessionOf(makeUser({ isAdmin: true, role: 'admin', club: 'Tech Club' })), route: '/admin/scan' },
  );
  return { ...view, fetchMock };
}

const ticketAnswer = (holders: Applicant[]) => () => jsonResponse({ success: true, ticket: { event: EVENT, holders } satisfies DoorTicket });
const verdict = () =>
  screen.findByRole('heading', {
    level: 2,
    name: /Checked in|Already checked in|Not for your club|Unknown ticket|Not the event day yet|Who is at the door|Could not check in/,
  });
const dock = () => screen.getByRole('navigation', { name: 'Ways to check in' }).parentElement!;

describe('Scan Tickets', () => {
  it('checks a solo ticket in as soon as the camera reads it, and the same ticket again says it is already in', async () => {
    const asha = makeHolder('Asha Verma', { rollNum: '23CSE001' });
    let holders = [asha];
    const fake = fakeDevices();
    const { user, fetchMock } = renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => ticketAnswer(holders)(),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => {
        holders = [present(asha)];
        return jsonResponse({ success: true, message: 'Checked in: Asha Verma', holders });
      },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Scan Tickets' })).toBeInTheDocument();
    expect(await screen.findByText('Point the camera at the QR code on the ticket.')).toBeInTheDocument();

    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Checked in');
    const result = within(screen.getByRole('region', { name: 'Checked in' }));
    expect(result.getByText('Code Sprint')).toBeInTheDocument();
    expect(result.getByText('Asha Verma')).toBeInTheDocument();
    expect(result.getByText('23CSE001 · CSE · Year 3')).toBeInTheDocument();
    expect(result.getByText('✓ Checked in 10:02 am')).toBeInTheDocument();
    const [checkIn] = requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}/check-in`);
    expect(checkIn.method).toBe('POST');
    expect(await checkIn.json()).toEqual({});

    // Still in front of the camera: not read again until the admin asks for the next.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}`)).toHaveLength(1);
    await user.click(within(dock()).getByRole('button', { name: 'Scan next' }));
    expect(await verdict()).toHaveTextContent('Already checked in');
    expect(screen.getByText('Since 10:02 am.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}/check-in`)).toHaveLength(1);
  });

  it("lets the admin tick which of a team's members are at the door, all of them to begin with", async () => {
    const team = { teamId: 'cccccccc-0000-4000-8000-000000000001', teamName: 'Byte Me' };
    const leader = makeHolder('Asha Rao', team);
    const member = makeHolder('Ravi Kumar Iyer', { ...team, rollNum: '23IT007', dept: 'IT' });
    let holders = [leader, member];
    const fake = fakeDevices();
    const { user, fetchMock } = renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => ticketAnswer(holders)(),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => jsonResponse({ success: true, message: 'Checked in: Asha Rao', holders: [present(leader), member] }),
    });
    fake.hold(CODE);

    expect(await verdict()).toHaveTextContent('Who is at the door?');
    const members = within(screen.getByRole('list', { name: 'Members of Byte Me' }));
    expect(members.getByRole('checkbox', { name: /Asha Rao/ })).toBeChecked();
    await user.click(members.getByRole('checkbox', { name: /Ravi Kumar Iyer/ }));
    await user.click(within(dock()).getByRole('button', { name: 'Check in 1' }));

    expect(await verdict()).toHaveTextContent('Checked in');
    const [checkIn] = requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}/check-in`);
    expect(await checkIn.json()).toEqual({ userIds: [leader.userId] });
    const rows = within(screen.getByRole('list', { name: 'Members of Byte Me' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Asha Rao23CSE001 · CSE · Year 3✓ Checked in 10:02 am',
      'Ravi Kumar Iyer23IT007 · IT · Year 3Not checked in',
    ]);

    // The member who came later shows the same ticket: only they are left to tick, and ticked.
    holders = [present(leader), member];
    await user.click(within(dock()).getByRole('button', { name: 'Scan next' }));
    expect(await verdict()).toHaveTextContent('Who is at the door?');
    const later = within(screen.getByRole('list', { name: 'Members of Byte Me' }));
    expect(later.getAllByRole('checkbox')).toHaveLength(1);
    expect(later.getByRole('checkbox', { name: /Ravi Kumar Iyer/ })).toBeChecked();
    await user.click(within(dock()).getByRole('button', { name: 'Check in 1' }));
    await verdict();
    expect(await requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}/check-in`)[1].json()).toEqual({ userIds: [member.userId] });
  });

  it.each([
    [
      'another club',
      { status: 403, body: { success: false, message: "You don't have permission to edit this event" } },
      'Not for your club',
      "This ticket is for another club's event.",
    ],
    ['an unknown code', { status: 404, body: { success: false, message: 'Ticket not found' } }, 'Unknown ticket', /not a festival ticket/],
  ])('says plainly when a ticket is for %s', async (_case, answer, title, detail) => {
    const fake = fakeDevices();
    const { fetchMock } = renderScanner(fake.devices, { [`/api/v1/admin/tickets/${CODE}`]: () => jsonResponse(answer.body, answer.status) });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent(title);
    expect(screen.getByText(detail)).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}/check-in`)).toHaveLength(0);
  });

  it('reads a QR code that is no ticket as an unknown ticket without asking the server', async () => {
    const fake = fakeDevices();
    const { fetchMock } = renderScanner(fake.devices);
    fake.hold('https://example.org/menu');
    expect(await verdict()).toHaveTextContent('Unknown ticket');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows whom a ticket admits and the server's reason before the event's day", async () => {
    const fake = fakeDevices();
    renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: ticketAnswer([makeHolder('Asha Verma')]),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => jsonResponse({ success: false, message: 'Attendance can be marked only on the event date.' }, 409),
    });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Not the event day yet');
    expect(screen.getByText('Attendance can be marked only on the event date.')).toBeInTheDocument();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Not checked in')).toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached, and checks in once it can', async () => {
    let reachable = false;
    const fake = fakeDevices();
    const { user } = renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => (reachable ? ticketAnswer([makeHolder('Asha Verma')])() : Promise.reject(new TypeError('Failed to fetch'))),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () =>
        jsonResponse({ success: true, message: 'Checked in: Asha Verma', holders: [present(makeHolder('Asha Verma'))] }),
    });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Could not check in');
    expect(screen.getByText('Network error. Please check your connection.')).toBeInTheDocument();
    reachable = true;
    await user.click(within(dock()).getByRole('button', { name: 'Try again' }));
    expect(await verdict()).toHaveTextContent('Checked in');
  });

  describe('the camera', () => {
    it('asks for the camera while the browser waits for permission', () => {
      renderScanner(fakeDevices({ camera: 'waiting' }).devices);
      expect(screen.getByText('Allow the camera when your browser asks.')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('Starting the camera…');
    });

    it('says how to allow a blocked camera, and offers the other ways', async () => {
      const { user } = renderScanner(fakeDevices({ camera: 'denied' }).devices);
      const problem = await screen.findByRole('alert');
      expect(problem).toHaveTextContent('Camera access is blocked');
      expect(problem).toHaveTextContent('tap the lock or camera icon beside the address, set Camera to Allow, then try again');
      expect(within(problem).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
      expect(screen.getByRole('textbox', { name: 'Ticket code' })).toBeInTheDocument();
    });

    it('says when there is no camera, without a retry that cannot help', async () => {
      renderScanner(fakeDevices({ camera: 'missing' }).devices);
      const problem = await screen.findByRole('alert');
      expect(problem).toHaveTextContent('No camera found');
      expect(within(problem).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(problem).toHaveTextContent('Type the ticket code or find the student by name instead');
    });

    it('says when the QR reader could not start, and starts it again on Try again', async () => {
      const fake = fakeDevices({ reader: 'broken-once' });
      const { user } = renderScanner(fake.devices);
      const problem = await screen.findByRole('alert');
      expect(problem).toHaveTextContent('The QR reader could not start');
      await user.click(within(problem).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Point the camera at the QR code on the ticket.')).toBeInTheDocument();
    });

    it('is turned off when the admin switches to typing', async () => {
      const fake = fakeDevices();
      const { user } = renderScanner(fake.devices);
      await screen.findByText('Point the camera at the QR code on the ticket.');
      await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
      expect(fake.cameraStops()).toBe(1);
      expect(within(dock()).getByRole('button', { name: 'Type code' })).toHaveAttribute('aria-pressed', 'true');
    });
  });

  it('checks a typed code in, spaces and all, and refuses what cannot be a code', async () => {
    const { user, fetchMock } = renderScanner(fakeDevices({ camera: 'missing' }).devices, {
      [`/api/v1/admin/tickets/${OTHER_CODE}`]: ticketAnswer([makeHolder('Bala Murugan')]),
      [`/api/v1/admin/tickets/${OTHER_CODE}/check-in`]: () =>
        jsonResponse({ success: true, message: 'Checked in: Bala Murugan', holders: [present(makeHolder('Bala Murugan'))] }),
    });
    await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
    const field = screen.getByRole('textbox', { name: 'Ticket code' });
    await user.type(field, 'ZyXw VuTs');
    await user.click(screen.getByRole('button', { name: 'Check ticket' }));
    expect(field).toHaveAccessibleDescription(/A ticket code is 22 letters, digits, - or _/);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field, ' RqPo NmLk JiHg 98');
    await user.click(screen.getByRole('button', { name: 'Check ticket' }));
    expect(await verdict()).toHaveTextContent('Checked in');
    expect(screen.getByText('Bala Murugan')).toBeInTheDocument();
    expect(within(dock()).getByRole('button', { name: 'Next student' })).toBeInTheDocument();
  });

  it("finds a student of the admin's event by name and marks them present", async () => {
    const sprint = makeAdminEvent({ _id: EVENT._id, name: 'Code Sprint' });
    const quiz = makeAdminEvent({ name: 'Tech Quiz' });
    const asha = makeHolder('Asha Verma');
    const bala = present(makeHolder('Bala Murugan'));
    const { user, fetchMock } = renderScanner(fakeDevices({ camera: 'missing' }).devices, {
      '/api/v1/admin/events': () => jsonResponse({ success: true, events: [sprint, quiz] }),
      [`/api/v1/admin/events/${EVENT._id}/applicants`]: (request) =>
        jsonResponse({ success: true, applicants: new URL(request.url).searchParams.get('search') === 'zz' ? [] : [asha, bala], teams: [] }),
      [`/api/v1/admin/events/${EVENT._id}/attendance`]: () => jsonResponse({ success: true, message: 'Attendance updated successfully!', updated: 1 }),
    });
    await user.click(within(dock()).getByRole('button', { name: 'Find by name' }));
    const search = await screen.findByRole('search', { name: 'Find a student' });
    expect(screen.getByText('Type part of a name or roll number.')).toBeInTheDocument();
    await user.selectOptions(within(search).getByRole('combobox', { name: 'Event' }), 'Code Sprint');
    await user.type(within(search).getByRole('searchbox', { name: 'Name or roll number' }), 'zz');
    expect(await screen.findByText('No student of Code Sprint matches “zz”.')).toBeInTheDocument();
    await user.clear(within(search).getByRole('searchbox', { name: 'Name or roll number' }));
    await user.type(within(search).getByRole('searchbox', { name: 'Name or roll number' }), 'a');

    const found = within(await screen.findByRole('list', { name: 'Students found' }));
    expect(found.getByText('✓ Checked in')).toBeInTheDocument();
    await user.click(found.getByRole('button', { name: 'Mark Asha Verma present' }));

    expect(await verdict()).toHaveTextContent('Checked in');
    const [marked] = requestsTo(fetchMock, `/api/v1/admin/events/${EVENT._id}/attendance`);
    expect(marked.method).toBe('PUT');
    expect(await marked.json()).toEqual({ attendance: [{ userId: asha.userId, isPresent: true }] });
    await waitFor(() => expect(requestsTo(fetchMock, `/api/v1/admin/events/${EVENT._id}/applicants`).length).toBeGreaterThan(2));
  });
});
