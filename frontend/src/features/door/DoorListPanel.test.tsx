import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoorHolder, DoorRoster, DoorScanResult } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeAdminEvent, makeApplicant, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { forgetRoster } from './door-list-store';
import { ScannerDevicesContext } from './scanner-devices';
import { ScanTicketsPage } from './ScanTicketsPage';

const EVENT = { _id: '00000000-0000-4000-8000-0000000000d1', name: 'Robo Race' };
const ASHA_CODE = 'ABCDEFGH1JKMNPQR';
const BALA_CODE = 'ZYXWVTSRQPNMKJ98';
const STRANGER_CODE = '0123456789ABCDEF';
const SCANS = `/api/v1/admin/events/${EVENT._id}/door-scans`;

const holder = (name: string, overrides: Partial<DoorHolder> = {}): DoorHolder => ({
  ...makeApplicant(name),
  checkedInDoor: null,
  approved: true,
  checkedInScan: null,
  ...overrides,
});
const asha = holder('Asha Verma');
const bala = holder('Bala Murugan');

function roster(holders: { code: string; holder: DoorHolder }[]): DoorRoster {
  return {
    event: { ...EVENT, eventDate: new Date().toISOString() },
    takenAt: new Date().toISOString(),
    tickets: holders.map(({ code, holder: each }) => ({ code, holders: [each] })),
  };
}

/** The phone's network, as the browser reports it. */
function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

const noCamera = {
  startCamera: () => Promise.reject(new Error('no camera here')),
  loadReader: () => Promise.resolve({ read: () => Promise.resolve([]) }),
};

function renderDoor(routes: Record<string, (request: Request) => Response | Promise<Response>>) {
  const fetchMock = stubApi({
    '/api/v1/admin/events': () => jsonResponse({ success: true, events: [makeAdminEvent({ ...EVENT, eventDate: new Date().toISOString() })] }),
    [`/api/v1/admin/events/${EVENT._id}/door-roster`]: () =>
      jsonResponse({
        success: true,
        roster: roster([
          { code: ASHA_CODE, holder: asha },
          { code: BALA_CODE, holder: bala },
        ]),
      }),
    ...routes,
  });
  const view = renderWithProviders(
    <ScannerDevicesContext value={noCamera}>
      <ScanTicketsPage />
    </ScannerDevicesContext>,
    { preloadedState: sessionOf(makeUser({ isAdmin: true, role: 'admin', club: 'Tech Club' })), route: '/admin/scan' },
  );
  return { ...view, fetchMock };
}

const verdict = () => screen.findByRole('heading', { level: 2, name: /Checked in|Already checked in|Not on this event's list|Unknown ticket/ });
const badge = () => within(screen.getByRole('region', { name: "This phone's list" })).getByRole('status');

async function typeCode(user: ReturnType<typeof renderDoor>['user'], code: string) {
  const field = screen.getByRole('textbox', { name: 'Ticket code' });
  await user.clear(field);
  await user.type(field, code);
  await user.click(screen.getByRole('button', { name: 'Check ticket' }));
}

afterEach(async () => {
  setOnline(true);
  await forgetRoster(EVENT._id);
});

describe("the door's list on the phone", () => {
  it('checks tickets in with no network, says which are waiting, and sends them when the network returns', async () => {
    const sent: { door: string; scans: { id: string; code: string }[] }[] = [];
    const { user, fetchMock } = renderDoor({
      [SCANS]: async (request) => {
        const body = (await request.json()) as (typeof sent)[number];
        sent.push(body);
        // As the server does: the first scan of Asha's ticket let her in, the second found her in.
        const first = body.scans.find((scan) => scan.code === ASHA_CODE);
        const ashaIn = { ...asha, isPresent: true, checkedInAt: new Date().toISOString(), checkedInDoor: 'Door 2', checkedInScan: first?.id ?? null };
        const results: DoorScanResult[] = body.scans.map((scan) => ({
          id: scan.id,
          replayed: false,
          outcome: scan.code !== ASHA_CODE ? 'unknown' : scan === first ? 'admitted' : 'already',
          holders: scan.code === ASHA_CODE ? [ashaIn] : [],
        }));
        return jsonResponse({ success: true, scans: results });
      },
    });
    await user.click(await screen.findByText('Work without the network'));
    await user.clear(await screen.findByRole('textbox', { name: "This door's name" }));
    await user.type(screen.getByRole('textbox', { name: "This door's name" }), 'Door 2');
    await user.click(screen.getByRole('button', { name: 'Keep the list on this phone' }));
    expect(await screen.findByText('Checked in 0 of 2')).toBeInTheDocument();
    expect(badge()).toHaveTextContent('Online · every scan sent');

    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Type code' }));
    await typeCode(user, ASHA_CODE.toLowerCase());
    expect(await verdict()).toHaveTextContent('Checked in');
    expect(screen.getByText('Checked in 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next student' }));
    await typeCode(user, ASHA_CODE);
    expect(await verdict()).toHaveTextContent('Already checked in');
    expect(screen.getByText(/^Since .+, at Door 2\.$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next student' }));
    await typeCode(user, STRANGER_CODE);
    expect(await verdict()).toHaveTextContent("Not on this event's list");
    expect(badge()).toHaveTextContent('Offline · 3 scans waiting');
    expect(requestsTo(fetchMock, SCANS)).toHaveLength(0);
    expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${ASHA_CODE}`)).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(badge()).toHaveTextContent('Online · every scan sent'));
    expect(sent).toEqual([
      {
        door: 'Door 2',
        scans: [expect.objectContaining({ code: ASHA_CODE }), expect.objectContaining({ code: ASHA_CODE }), expect.objectContaining({ code: STRANGER_CODE })],
      },
    ]);
    expect(screen.getByText('Checked in 1 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Let in first by another door' })).not.toBeInTheDocument();
  });

  it("says which of its admissions another door's earlier scan took, once the server answers", async () => {
    const { user } = renderDoor({
      [SCANS]: async (request) => {
        const { scans } = (await request.json()) as { scans: { id: string }[] };
        const first = {
          ...bala,
          isPresent: true,
          checkedInAt: '2026-01-01T04:40:00.000Z',
          checkedInDoor: 'Door 1',
          checkedInScan: '00000000-0000-4000-8000-00000000aaaa',
        };
        return jsonResponse({ success: true, scans: [{ id: scans[0].id, replayed: false, outcome: 'already', holders: [first] }] });
      },
    });
    await user.click(await screen.findByText('Work without the network'));
    await user.click(await screen.findByRole('button', { name: 'Keep the list on this phone' }));
    await screen.findByText('Checked in 0 of 2');
    await user.click(screen.getByRole('button', { name: 'Type code' }));

    await typeCode(user, BALA_CODE);

    expect(await verdict()).toHaveTextContent('Checked in');
    const late = await screen.findByRole('list', { name: 'Let in first by another door' });
    expect(late).toHaveTextContent(/^Bala Murugan: scanned here at .+; in since .+, at Door 1\.$/);
  });

  it('keeps the scans on the phone when the sign-in has ended, and says how to send them', async () => {
    const { user } = renderDoor({
      [SCANS]: () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401),
    });
    await user.click(await screen.findByText('Work without the network'));
    await user.click(await screen.findByRole('button', { name: 'Keep the list on this phone' }));
    await screen.findByText('Checked in 0 of 2');
    await user.click(screen.getByRole('button', { name: 'Type code' }));

    await typeCode(user, ASHA_CODE);

    const ended = await screen.findByRole('alert');
    expect(ended).toHaveTextContent('Your sign-in has ended: sign in again to send the 1 scan waiting. They stay on this phone until then.');
    expect(within(ended).getByRole('link', { name: 'sign in again' })).toHaveAttribute('href', '/auth/signin');
    expect(badge()).toHaveTextContent('Online · 1 scan waiting');
  });
});
