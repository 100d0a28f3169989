import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Applicant, DoorTicket } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeAdminEvent, makeApplicant, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { CameraError, type CameraFailure, ScannerDevicesContext, type ScannerDevices } from './scanner-devices';
import { ScanTicketsPage } from './ScanTicketsPage';

const CODE = 'AbCdEfGhIjKlMnOpQrSt_-';
const OTHER_CODE = 'ZyXwVuTsRqPoNmLkJiHg98';
const EVENT = { _id: '00000000-0000-4000-8000-0000000000e1', name: 'Code Sprint' };
const CHECKED_IN_AT = '2026-12-20T04:32:00.000Z'; // 10:02 am in India

const present = (holder: Applicant): Applicant => ({ ...holder, isPresent: true, checkedInAt: CHECKED_IN_AT });

/**
 * The device as the test drives it: a camera that starts (or fails as told) and a QR reader that
 * sees whatever ticket is held in front of it, on every read, until it is taken away.
 */
function fakeDevices({ camera = 'live', reader = 'ready' }: { camera?: 'live' | 'waiting' | CameraFailure; reader?: 'ready' | 'broken-once' } = {}) {
  let held: string | null = null;
  let cameraStarts = 0;
  let cameraStops = 0;
  let readerLoads = 0;
  let reads = 0;
  let endCamera = () => {};
  const devices: ScannerDevices = {
    startCamera: (_video, onEnded) => {
      cameraStarts += 1;
      endCamera = onEnded;
      if (camera === 'waiting') return new Promise(() => {});
      if (camera !== 'live') return Promise.reject(new CameraError(camera));
      return Promise.resolve(() => (cameraStops += 1));
    },
    loadReader: () => {
      readerLoads += 1;
      if (reader === 'broken-once' && readerLoads === 1) return Promise.reject(new Error('wasm did not load'));
      return Promise.resolve({
        read: () => {
          reads += 1;
          return Promise.resolve(held === null ? [] : [held]);
        },
      });
    },
  };
  return {
    devices,
    hold: (code: string | null) => (held = code),
    cameraStarts: () => cameraStarts,
    cameraStops: () => cameraStops,
    reads: () => reads,
    /** The camera stops of itself, as when another app takes it. */
    endCamera: () => endCamera(),
  };
}

/** Locks the phone (or leaves the tab), or comes back to it. */
function setPageVisible(visible: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

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
    name: /Checked in|Already checked in|Not for your club|Unknown ticket|Cannot check in yet|Who is at the door|Could not check in|Could not mark present/,
  });
const dock = () => screen.getByRole('group', { name: 'Ways to check in' }).parentElement!;

describe('Scan Tickets', () => {
  it('checks a solo ticket in as soon as the camera reads it, and the same ticket again says it is already in', async () => {
    const asha = makeApplicant('Asha Verma', { rollNum: '23CSE001' });
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
    // Still held up after "Scan next": not read again as "Already checked in" at once.
    await pause(500);
    expect(screen.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}`)).toHaveLength(1);
    // Taken away and shown again, it is.
    fake.hold(null);
    await pause(300);
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Already checked in');
    expect(screen.getByText('Since 10:02 am.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}/check-in`)).toHaveLength(1);
  });

  it('moves focus to each verdict and announces it in one line', async () => {
    const fake = fakeDevices();
    const asha = makeApplicant('Asha Verma');
    renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: ticketAnswer([asha]),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => jsonResponse({ success: true, message: 'Checked in: Asha Verma', holders: [present(asha)] }),
    });
    fake.hold(CODE);
    const heading = await verdict();
    await waitFor(() => expect(heading).toHaveFocus());
    const announced = document.querySelector('[aria-live="polite"]');
    expect(announced).toHaveTextContent(/^Checked in: Asha Verma\.$/);
    expect(announced).not.toContainElement(heading);
  });

  it("lets the admin tick which of a team's members are at the door, all of them to begin with", async () => {
    const team = { teamId: 'cccccccc-0000-4000-8000-000000000001', teamName: 'Byte Me' };
    const leader = makeApplicant('Asha Rao', { ...team, rollNum: '23CSE001' });
    const member = makeApplicant('Ravi Kumar Iyer', { ...team, rollNum: '23IT007', dept: 'IT' });
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

    expect(await verdict()).toHaveTextContent('Checked in 1 of 2');
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
    fake.hold(null);
    await pause(300);
    fake.hold(CODE);
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
    expect(within(screen.getByRole('region', { name: title })).getByText(detail)).toBeInTheDocument();
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
      [`/api/v1/admin/tickets/${CODE}`]: ticketAnswer([makeApplicant('Asha Verma')]),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => jsonResponse({ success: false, message: 'Attendance can be marked only on the event date.' }, 409),
    });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Cannot check in yet');
    expect(screen.getByText('Attendance can be marked only on the event date.')).toBeInTheDocument();
    expect(screen.getByText('Asha Verma')).toBeInTheDocument();
    expect(screen.getByText('Not checked in')).toBeInTheDocument();
  });

  it("shows the server's reason when the ticket's registration still waits for approval", async () => {
    const fake = fakeDevices();
    renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: ticketAnswer([makeApplicant('Asha Verma')]),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => jsonResponse({ success: false, message: 'Asha Verma is still waiting for approval' }, 409),
    });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Cannot check in yet');
    expect(screen.getByText('Asha Verma is still waiting for approval')).toBeInTheDocument();
    expect(screen.queryByText('Not the event day yet')).not.toBeInTheDocument();
  });

  it('offers to try again when the server cannot be reached, and checks in once it can', async () => {
    let reachable = false;
    const fake = fakeDevices();
    const { user } = renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => (reachable ? ticketAnswer([makeApplicant('Asha Verma')])() : Promise.reject(new TypeError('Failed to fetch'))),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () =>
        jsonResponse({ success: true, message: 'Checked in: Asha Verma', holders: [present(makeApplicant('Asha Verma'))] }),
    });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Could not check in');
    expect(screen.getByText('Network error. Please check your connection.')).toBeInTheDocument();
    reachable = true;
    await user.click(within(dock()).getByRole('button', { name: 'Try again' }));
    expect(await verdict()).toHaveTextContent('Checked in');
  });

  it('reads a team ticket again when a member ticked has left the team since it was read', async () => {
    const team = { teamId: 'cccccccc-0000-4000-8000-000000000002', teamName: 'Byte Me' };
    const leader = makeApplicant('Asha Rao', team);
    const member = makeApplicant('Ravi Kumar Iyer', team);
    let holders = [leader, member];
    const fake = fakeDevices();
    const { user, fetchMock } = renderScanner(fake.devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => ticketAnswer(holders)(),
      [`/api/v1/admin/tickets/${CODE}/check-in`]: () => jsonResponse({ success: false, message: 'Ravi Kumar Iyer is not on this ticket' }, 400),
    });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Who is at the door?');
    holders = [leader];
    await user.click(within(dock()).getByRole('button', { name: 'Check in 2' }));

    await waitFor(() => expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}`)).toHaveLength(2));
    expect(await verdict()).toHaveTextContent('Who is at the door?');
    expect(screen.getByText('Ravi Kumar Iyer is not on this ticket. Tick the team members who are here, then check them in.')).toBeInTheDocument();
    const members = within(screen.getByRole('list', { name: 'Members of Byte Me' }));
    expect(members.getAllByRole('checkbox')).toHaveLength(1);
    expect(within(dock()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it.each([
    ['a refusal the server would repeat', 400, false],
    ["the server's failure", 503, true],
  ])('offers to try again only where it may help: %s', async (_case, status, offered) => {
    const fake = fakeDevices();
    renderScanner(fake.devices, { [`/api/v1/admin/tickets/${CODE}`]: () => jsonResponse({ success: false, message: 'Something went wrong' }, status) });
    fake.hold(CODE);
    expect(await verdict()).toHaveTextContent('Could not check in');
    expect(within(dock()).queryByRole('button', { name: 'Try again' }) !== null).toBe(offered);
  });

  it('holds the ways to check in while a ticket is being checked, and sends a double tap once', async () => {
    let answer = (_response: Response) => {};
    const { user, fetchMock } = renderScanner(fakeDevices({ camera: 'missing' }).devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket code' }), CODE);
    const form = screen.getByRole('form', { name: 'Type a ticket code' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(await screen.findByRole('status')).toHaveTextContent('Checking the ticket…');
    for (const mode of ['Scan', 'Type code', 'Find by name']) expect(within(dock()).getByRole('button', { name: mode })).toBeDisabled();
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}`)).toHaveLength(1);
    answer(jsonResponse({ success: false, message: 'Ticket not found' }, 404));
    expect(await verdict()).toHaveTextContent('Unknown ticket');
    expect(within(dock()).getByRole('button', { name: 'Find by name' })).toBeEnabled();
  });

  it('clears the typed code for the next student', async () => {
    const { user } = renderScanner(fakeDevices({ camera: 'missing' }).devices, {
      [`/api/v1/admin/tickets/${CODE}`]: () => jsonResponse({ success: false, message: 'Ticket not found' }, 404),
    });
    await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket code' }), CODE);
    await user.click(screen.getByRole('button', { name: 'Check ticket' }));
    await verdict();
    await user.click(within(dock()).getByRole('button', { name: 'Next student' }));
    expect(screen.getByRole('textbox', { name: 'Ticket code' })).toHaveValue('');
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

    it('says the camera stopped when it ends of itself, and starts it again on Try again', async () => {
      const fake = fakeDevices();
      const { user } = renderScanner(fake.devices);
      await screen.findByText('Point the camera at the QR code on the ticket.');
      act(() => fake.endCamera());
      const problem = await screen.findByRole('alert');
      expect(problem).toHaveTextContent('The camera could not start');
      await user.click(within(problem).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Point the camera at the QR code on the ticket.')).toBeInTheDocument();
    });

    it('is turned off while the page is hidden, and on again when it is back', async () => {
      const fake = fakeDevices();
      renderScanner(fake.devices);
      await screen.findByText('Point the camera at the QR code on the ticket.');
      setPageVisible(false);
      expect(fake.cameraStops()).toBe(1);
      expect(screen.queryByText('Point the camera at the QR code on the ticket.')).not.toBeInTheDocument();
      setPageVisible(true);
      expect(await screen.findByText('Point the camera at the QR code on the ticket.')).toBeInTheDocument();
      expect(fake.cameraStarts()).toBe(2);
    });

    it('stops reading the picture when the page goes', async () => {
      const fake = fakeDevices();
      const { unmount } = renderScanner(fake.devices);
      await waitFor(() => expect(fake.reads()).toBeGreaterThan(0));
      unmount();
      const readsThen = fake.reads();
      await pause(500);
      expect(fake.reads()).toBe(readsThen);
      expect(fake.cameraStops()).toBe(1);
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
      [`/api/v1/admin/tickets/${OTHER_CODE}`]: ticketAnswer([makeApplicant('Bala Murugan')]),
      [`/api/v1/admin/tickets/${OTHER_CODE}/check-in`]: () =>
        jsonResponse({ success: true, message: 'Checked in: Bala Murugan', holders: [present(makeApplicant('Bala Murugan'))] }),
    });
    await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
    const field = screen.getByRole('textbox', { name: 'Ticket code' });
    await user.type(field, 'ZyXw VuTs');
    await user.click(screen.getByRole('button', { name: 'Check ticket' }));
    expect(field).toHaveAccessibleDescription(/A ticket code is the 16 letters and digits under the QR code/);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field, ' RqPo NmLk JiHg 98');
    await user.click(screen.getByRole('button', { name: 'Check ticket' }));
    expect(await verdict()).toHaveTextContent('Checked in');
    expect(screen.getByText('Bala Murugan')).toBeInTheDocument();
    expect(within(dock()).getByRole('button', { name: 'Next student' })).toBeInTheDocument();
  });

  it('reads a code typed in lower case with dashes, its O and L read as 0 and 1, as the server reads it', async () => {
    const typeable = '7KQ2M9XA4TRBZC01';
    const { user } = renderScanner(fakeDevices({ camera: 'missing' }).devices, {
      [`/api/v1/admin/tickets/${typeable}`]: ticketAnswer([makeApplicant('Chitra Das')]),
      [`/api/v1/admin/tickets/${typeable}/check-in`]: () =>
        jsonResponse({ success: true, message: 'Checked in: Chitra Das', holders: [present(makeApplicant('Chitra Das'))] }),
    });
    await user.click(within(dock()).getByRole('button', { name: 'Type code' }));
    await user.type(screen.getByRole('textbox', { name: 'Ticket code' }), '7kq2-m9xa-4trb-zcol');
    await user.click(screen.getByRole('button', { name: 'Check ticket' }));
    expect(await verdict()).toHaveTextContent('Checked in');
    expect(screen.getByText('Chitra Das')).toBeInTheDocument();
  });

  it("finds a student of the admin's event by name and marks them present", async () => {
    const sprint = makeAdminEvent({ _id: EVENT._id, name: 'Code Sprint' });
    const quiz = makeAdminEvent({ name: 'Tech Quiz' });
    const asha = makeApplicant('Asha Verma');
    const bala = present(makeApplicant('Bala Murugan'));
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
    expect(await marked.json()).toEqual({ attendance: [{ userId: asha.userId, isPresent: true }], eventId: EVENT._id });
    await waitFor(() => expect(requestsTo(fetchMock, `/api/v1/admin/events/${EVENT._id}/applicants`).length).toBeGreaterThan(2));
  });
  describe('by name', () => {
    const sprint = makeAdminEvent({ _id: EVENT._id, name: 'Code Sprint' });

    async function markAsha(attendance: () => Response) {
      const asha = makeApplicant('Asha Verma');
      const view = renderScanner(fakeDevices({ camera: 'missing' }).devices, {
        '/api/v1/admin/events': () => jsonResponse({ success: true, events: [sprint] }),
        [`/api/v1/admin/events/${EVENT._id}/applicants`]: () => jsonResponse({ success: true, applicants: [asha], teams: [] }),
        [`/api/v1/admin/events/${EVENT._id}/attendance`]: attendance,
      });
      await view.user.click(within(dock()).getByRole('button', { name: 'Find by name' }));
      await view.user.type(await screen.findByRole('searchbox', { name: 'Name or roll number' }), 'asha');
      await view.user.click(await screen.findByRole('button', { name: 'Mark Asha Verma present' }));
      return verdict();
    }

    it('says already checked in when the server changed nothing, with no time the phone made up', async () => {
      const heading = await markAsha(() => jsonResponse({ success: true, message: 'Attendance updated successfully!', updated: 0 }));
      expect(heading).toHaveTextContent('Already checked in');
      const row = within(screen.getByRole('list', { name: 'Ticket holder' }));
      expect(row.getByText('✓ Checked in')).toBeInTheDocument();
      expect(screen.queryByText(/^Since/)).not.toBeInTheDocument();
    });

    it('says checked in, without a time, when the server marked them', async () => {
      expect(await markAsha(() => jsonResponse({ success: true, message: 'Attendance updated successfully!', updated: 1 }))).toHaveTextContent('Checked in');
      expect(within(screen.getByRole('list', { name: 'Ticket holder' })).getByText('✓ Checked in')).toBeInTheDocument();
    });

    it.each([
      [403, { success: false, message: "You don't have permission to edit this event" }, "Code Sprint is not one of your club's events."],
      [400, { success: false, message: 'Asha Verma is not registered for this event' }, 'Asha Verma is not registered for this event'],
    ])('explains a %s without speaking of a ticket', async (status, body, detail) => {
      expect(await markAsha(() => jsonResponse(body, status))).toHaveTextContent('Could not mark present');
      expect(screen.getByText(detail)).toBeInTheDocument();
      expect(screen.queryByText(/ticket/i, { selector: '.scan-outcome *' })).not.toBeInTheDocument();
      expect(within(dock()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });
  });
});
