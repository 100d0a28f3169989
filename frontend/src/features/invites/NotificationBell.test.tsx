import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Invite, SessionUser, StudentCertificate, StudentMessage, WaitlistEntry } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeEvent, makeInvite, makeUser, makeWaitlistEntry, offered, sessionOf, withoutDetails } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { NotificationBell } from './NotificationBell';

const divya = makeUser({ name: 'Divya Menon' });

function renderBell(viewer: SessionUser | null, invites: () => Invite[] | Response, more: Record<string, (request: Request) => Response> = {}) {
  const fetchMock = stubApi({
    '/api/v1/teams/notifications': () => {
      const answer = invites();
      return answer instanceof Response ? answer : jsonResponse({ success: true, invites: answer });
    },
    '/api/v1/user/messages': () => jsonResponse({ success: true, messages: [] }),
    '/api/v1/user/certificates': () => jsonResponse({ success: true, certificates: [] }),
    ...more,
  });
  return {
    fetchMock,
    ...renderWithProviders(
      <>
        <NotificationBell />
        <ToastRegion />
      </>,
      { preloadedState: sessionOf(viewer) },
    ),
  };
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('notification bell', () => {
  it('is for signed-in students only', () => {
    const visitor = renderBell(null, () => []);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
    expect(requestsTo(visitor.fetchMock, '/api/v1/teams/notifications')).toHaveLength(0);
    visitor.unmount();
    renderBell(clubAdmin(), () => []);
    expect(screen.queryByRole('button', { name: /^Notifications/ })).not.toBeInTheDocument();
  });

  it('counts unread invites in its name and lists each with who, team, event, message, time and New', async () => {
    const invites = [
      makeInvite(),
      makeInvite({ isRead: true, inviterId: { _id: 'x', name: 'Kiran Shah', email: 'kiran@campus.ac.in' }, message: 'Kiran Shah invited you' }),
    ];
    const { user } = renderBell(divya, () => invites);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    const first = await screen.findByRole('article', { name: 'Invite from Asha Rao to Byte Me' });
    expect(first).toHaveTextContent('Asha Rao New');
    expect(first).toHaveTextContent('Asha Rao invited you to join their team Byte Me for Hackathon');
    expect(first).toHaveTextContent('Team Byte Me · Hackathon');
    expect(first).toHaveTextContent('20 Nov 2026, 11:30 am');
    expect(within(screen.getByRole('article', { name: 'Invite from Kiran Shah to Byte Me' })).queryByText('New')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('marks an invite read', async () => {
    const invite = makeInvite();
    let read = false;
    const { user, fetchMock } = renderBell(divya, () => [{ ...invite, isRead: read }], {
      [`/api/v1/teams/notifications/${invite._id}/read`]: () => {
        read = true;
        return jsonResponse({ success: true });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, `/api/v1/teams/notifications/${invite._id}/read`)[0].method).toBe('PUT');
  });

  it('accepts from the list, which then drops the invite', async () => {
    const invite = makeInvite();
    let invites = [invite];
    const { user, fetchMock } = renderBell(divya, () => invites, {
      [`/api/v1/teams/invite/${invite._id}/respond`]: () => {
        invites = [];
        return jsonResponse({ success: true, message: 'Successfully joined the team!' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await toasts().findByText('Successfully joined the team!')).toBeInTheDocument();
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(await requestsTo(fetchMock, `/api/v1/teams/invite/${invite._id}/respond`)[0].json()).toEqual({ response: 'accept' });
  });

  it("says 'Failed to decline invite' when a refusal carries no reason the client can read", async () => {
    const invite = makeInvite();
    const { user } = renderBell(divya, () => [invite], {
      [`/api/v1/teams/invite/${invite._id}/respond`]: () => jsonResponse({ success: false, message: '' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await toasts().findByText('Failed to decline invite')).toBeInTheDocument();
    expect(screen.getByRole('article')).toBeInTheDocument();
  });

  it('uses the fallback texts for an invite without its details', async () => {
    const { user } = renderBell(divya, () => [makeInvite({ ...withoutDetails, message: '', createdAt: '' })]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const item = await screen.findByRole('article', { name: 'Invite from Unknown to Unknown Team' });
    expect(item).toHaveTextContent('invited you to join their team');
    expect(item).toHaveTextContent('Team Unknown Team · Unknown Event');
    expect(item).toHaveTextContent('Recently');
  });

  it('leaves the list empty and says nothing when loading fails', async () => {
    const { user } = renderBell(divya, () => jsonResponse({ success: false, message: 'Database unavailable' }, 503));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('reloads every 30 s and when the tab comes back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let invites: Invite[] = [];
    const { fetchMock } = renderBell(divya, () => invites);
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/teams/notifications')).toHaveLength(1));
    invites = [makeInvite()];
    await act(() => vi.advanceTimersByTime(29_000));
    expect(requestsTo(fetchMock, '/api/v1/teams/notifications')).toHaveLength(1);
    await act(() => vi.advanceTimersByTime(1_500));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/v1/teams/notifications')).toHaveLength(2);
    act(() => {
      fireEvent.focus(window);
    });
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/teams/notifications')).toHaveLength(3));
  });
});

describe('notification bell: seats offered from the waitlist', () => {
  const chess = makeEvent({ name: 'Chess Blitz' });
  const robo = makeEvent({ name: 'Robo Race', event_type: 'group' });

  function renderWithOffers(entries: () => WaitlistEntry[] | Response, routes: Record<string, (request: Request) => Response> = {}, invites: Invite[] = []) {
    return renderBell(divya, () => invites, {
      '/api/v1/waitlist': () => {
        const answer = entries();
        return answer instanceof Response ? answer : jsonResponse({ success: true, entries: answer });
      },
      ...routes,
    });
  }

  it("lists each seat offered beside the invites, counted in the badge; a place still in line or a member's offer is not", async () => {
    const seat = offered(makeWaitlistEntry(chess), '2026-11-24T12:30:00.000Z');
    const { user } = renderWithOffers(
      () => [
        seat,
        makeWaitlistEntry(makeEvent({ name: 'Open Mic' })),
        offered(makeWaitlistEntry(robo, { team: { id: 'team-1', name: 'Gear Heads' }, canAnswer: false })),
      ],
      {},
      [makeInvite()],
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const offer = await screen.findByRole('article', { name: 'Seat offered for Chess Blitz' });
    expect(offer).toHaveTextContent('A seat for Chess Blitz is yours until 24 Nov 2026, 6:00 pm');
    expect(within(offer).getByRole('button', { name: 'Accept the seat for Chess Blitz' })).toBeInTheDocument();
    expect(within(offer).getByRole('button', { name: 'Decline the seat for Chess Blitz' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Invite from Asha Rao to Byte Me' })).toBeInTheDocument();
    expect(screen.queryByText(/Open Mic|Robo Race/)).not.toBeInTheDocument();
  });

  it("accepts a seat: the server's message, and the offer leaves the list", async () => {
    const seat = offered(makeWaitlistEntry(robo, { team: { id: 'team-1', name: 'Gear Heads' } }));
    let entries = [seat];
    const { user, fetchMock } = renderWithOffers(() => entries, {
      [`/api/v1/waitlist/${seat.id}/accept`]: () => {
        entries = [];
        return jsonResponse({ success: true, message: 'Team registered successfully!' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('article', { name: 'Seat offered for Robo Race' })).toHaveTextContent('Team Gear Heads');
    await user.click(screen.getByRole('button', { name: 'Accept the seat for Robo Race' }));
    expect(await toasts().findByText('Team registered successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No new notifications')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
    expect(requestsTo(fetchMock, `/api/v1/waitlist/${seat.id}/accept`)[0].method).toBe('POST');
  });

  it('declines a seat, and shows a refusal (the offer lapsed) as an error', async () => {
    const seat = offered(makeWaitlistEntry(chess));
    let answer = () => jsonResponse({ success: false, message: 'This offer has lapsed: the seat passed to the next in line.' }, 409);
    const { user, fetchMock } = renderWithOffers(() => [seat], { [`/api/v1/waitlist/${seat.id}/decline`]: () => answer() });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const confirmDecline = { name: 'Confirm declining the seat for Chess Blitz: it passes to the next in line' };
    // Declining cannot be undone: the first press asks, and the way back returns to Decline.
    await user.click(await screen.findByRole('button', { name: 'Decline the seat for Chess Blitz' }));
    expect(screen.getByRole('button', confirmDecline)).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep the offer' }));
    expect(screen.getByRole('button', { name: 'Decline the seat for Chess Blitz' })).toHaveFocus();
    expect(requestsTo(fetchMock, `/api/v1/waitlist/${seat.id}/decline`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Decline the seat for Chess Blitz' }));
    await user.click(screen.getByRole('button', confirmDecline));
    expect(await toasts().findByText('This offer has lapsed: the seat passed to the next in line.')).toBeInTheDocument();
    answer = () => jsonResponse({ success: true, message: 'You declined the seat for Chess Blitz. It passes to the next in line.' });
    await user.click(screen.getByRole('button', confirmDecline));
    expect(await toasts().findByText('You declined the seat for Chess Blitz. It passes to the next in line.')).toBeInTheDocument();
    // The offer leaves the list with the focused button: focus stays in the panel.
    expect(screen.getByRole('heading', { name: 'Notifications' })).toHaveFocus();
  });

  it('says nothing when the waitlist fails to load, and still lists the invites', async () => {
    const { user } = renderWithOffers(() => jsonResponse({ success: false, message: 'Database unavailable' }, 503), {}, [makeInvite()]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await screen.findByRole('article', { name: 'Invite from Asha Rao to Byte Me' })).toBeInTheDocument();
    expect(screen.queryByText('Database unavailable')).not.toBeInTheDocument();
  });

  it('reloads the offers every 30 s, like the invites', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let entries: WaitlistEntry[] = [];
    const { fetchMock } = renderWithOffers(() => entries);
    await waitFor(() => expect(requestsTo(fetchMock, '/api/v1/waitlist')).toHaveLength(1));
    entries = [offered(makeWaitlistEntry(chess))];
    await act(() => vi.advanceTimersByTime(30_500));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, '/api/v1/waitlist')).toHaveLength(2);
  });
});

describe('notification bell: messages from organisers', () => {
  function makeMessage(overrides: Partial<StudentMessage> = {}): StudentMessage {
    return {
      _id: 'dddddddd-0000-4000-8000-000000000001',
      eventId: '00000000-0000-4000-8000-000000000600',
      eventName: 'Code Sprint',
      clubInCharge: 'Tech Club',
      subject: 'Room change',
      body: 'We meet in Lab 2.\nBring your ID card.',
      sentAt: '2026-11-20T06:00:00.000Z',
      ...overrides,
    };
  }
  const earlier = makeMessage({
    _id: 'dddddddd-0000-4000-8000-000000000002',
    eventName: 'Quiz Night',
    clubInCharge: null,
    subject: 'Teams of two',
    body: 'Find a partner.',
    sentAt: '2026-11-19T06:00:00.000Z',
  });

  function renderWithMessages(messages: () => StudentMessage[] | Response, invites: Invite[] = []) {
    return renderBell(divya, () => invites, {
      '/api/v1/user/messages': () => {
        const answer = messages();
        return answer instanceof Response ? answer : jsonResponse({ success: true, messages: answer });
      },
    });
  }

  const messagesSection = () => within(screen.getByRole('region', { name: 'Messages from organisers' }));

  it('lists each message with its event, subject, words and time, newest first, below the invites', async () => {
    const { user } = renderWithMessages(() => [makeMessage(), earlier], [makeInvite()]);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const items = await messagesSection().findAllByRole('article');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Code Sprint: Room change', 'Quiz Night: Teams of two']);
    expect(items[0]).toHaveTextContent('Room change New');
    expect(items[0]).toHaveTextContent('Code Sprint · From Tech Club');
    expect(within(items[0]).getByText(/^We meet/).textContent).toBe('We meet in Lab 2.\nBring your ID card.');
    expect(items[0]).toHaveTextContent('20 Nov 2026, 11:30 am');
    expect(items[1]).toHaveTextContent('Quiz Night');
    expect(items[1]).not.toHaveTextContent('From');
    expect(screen.getByRole('article', { name: 'Invite from Asha Rao to Byte Me' })).toBeInTheDocument();
  });

  it('counts the messages sent since the bell was last opened, on this browser for this account', async () => {
    let messages = [earlier];
    const first = renderWithMessages(() => messages);
    await first.user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    // Opened, the message is seen: the badge drops, and the open list still marks it New.
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(await messagesSection().findByRole('article', { name: 'Quiz Night: Teams of two' })).toHaveTextContent('New');
    first.unmount();

    messages = [makeMessage(), earlier];
    const again = renderWithMessages(() => messages);
    await again.user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(await messagesSection().findByRole('article', { name: 'Code Sprint: Room change' })).toHaveTextContent('New');
    expect(messagesSection().getByRole('article', { name: 'Quiz Night: Teams of two' })).not.toHaveTextContent('New');
  });

  it('says when no message has come yet', async () => {
    const { user } = renderWithMessages(() => []);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await messagesSection().findByText('No messages from organisers yet.')).toBeInTheDocument();
  });

  it('says when the messages cannot be loaded, and Try Again loads them', async () => {
    let answer: () => StudentMessage[] | Response = () => jsonResponse({ success: false, message: 'Database unavailable' }, 503);
    const { user } = renderWithMessages(() => answer());
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await messagesSection().findByRole('heading', { name: 'Failed to load messages' })).toBeInTheDocument();
    expect(messagesSection().getByText('Database unavailable')).toBeInTheDocument();
    answer = () => [makeMessage()];
    await user.click(messagesSection().getByRole('button', { name: 'Try Again' }));
    expect(await messagesSection().findByRole('article', { name: 'Code Sprint: Room change' })).toBeInTheDocument();
  });

  it('shows the wait while the messages load', async () => {
    const { user } = renderWithMessages(() => new Response(new ReadableStream(), { headers: { 'Content-Type': 'application/json' } }));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await messagesSection().findByRole('status')).toHaveTextContent('Loading messages…');
  });
});

describe("the bell's certificates", () => {
  function makeCertificate(eventName: string, issuedAt: string, overrides: Partial<StudentCertificate> = {}): StudentCertificate {
    return {
      _id: `cccccccc-0000-4000-8000-${issuedAt.replace(/\D/g, '').slice(0, 12)}`,
      eventId: null,
      code: 'K7QX9M2D4TPA8R1B',
      kind: 'participation',
      place: null,
      studentName: 'Divya Menon',
      teamName: null,
      eventName,
      eventDate: null,
      club: 'Tech Club',
      festivalName: 'Techzia 2026',
      institutionName: 'Campus Institute of Technology',
      timeZone: 'Asia/Kolkata',
      issuedAt,
      revokedAt: null,
      revokedReason: null,
      ...overrides,
    };
  }
  const sprint = makeCertificate('Code Sprint', '2026-12-20T06:00:00.000Z', { kind: 'merit', place: 1 });
  const quiz = makeCertificate('Quiz Night', '2026-12-19T06:00:00.000Z');
  const certificatesSection = () => within(screen.getByRole('region', { name: 'Certificates' }));
  const renderWithCertificates = (certificates: () => StudentCertificate[]) =>
    renderBell(divya, () => [], { '/api/v1/user/certificates': () => jsonResponse({ success: true, certificates: certificates() }) });

  it('counts the certificates issued since the bell was last opened, and lists each with where to download it', async () => {
    let certificates = [quiz];
    const first = renderWithCertificates(() => certificates);
    await first.user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(await certificatesSection().findByRole('article', { name: 'Certificate of Participation for Quiz Night' })).toHaveTextContent('New');
    expect(certificatesSection().getByRole('link', { name: 'Download from My Registrations' })).toHaveAttribute('href', '/my-registrations');
    first.unmount();

    certificates = [sprint, quiz];
    const again = renderWithCertificates(() => certificates);
    await again.user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const merit = await certificatesSection().findByRole('article', { name: 'Certificate of Merit, First place for Code Sprint' });
    expect(merit).toHaveTextContent('Certificate of Merit, First place New');
    expect(merit).toHaveTextContent('Issued 20 Dec 2026, 11:30 am');
    expect(certificatesSection().getByRole('article', { name: 'Certificate of Participation for Quiz Night' })).not.toHaveTextContent('New');
  });

  it('has no certificates entry before the first is issued', async () => {
    const { user, store } = renderWithCertificates(() => []);
    await waitFor(() => expect(store.getState().api.queries['getMyCertificates(undefined)']?.status).toBe('fulfilled'));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByRole('region', { name: 'Messages from organisers' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Certificates' })).not.toBeInTheDocument();
  });
});
