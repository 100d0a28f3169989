import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeEvent, makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { EventsSection } from './EventsSection';

const student = makeUser();
const chess = makeEvent({ name: 'Chess Blitz', maxApplications: 64, actualSeatsTaken: 10, availableSeats: 54 });

type Handler = (request: Request) => Response | Promise<Response>;

async function openModal(solo: Handler = () => jsonResponse({ success: false, message: 'unused' }, 500), more: Record<string, Handler> = {}) {
  const fetchMock = stubApi({
    '/api/v1/events': () => jsonResponse({ success: true, events: [chess] }),
    '/api/v1/solo': solo,
    ...more,
  });
  const view = renderWithProviders(
    <>
      <EventsSection />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(student) },
  );
  await view.user.click(await screen.findByRole('button', { name: 'Register for Chess Blitz' }));
  // The dialog's code loads on first use.
  await screen.findByRole('dialog', { name: 'Confirm Registration' });
  return { ...view, fetchMock };
}

const dialog = () => screen.getByRole('dialog', { name: 'Confirm Registration' });
const nameInput = () => within(dialog()).getByRole('textbox', { name: 'Event name' });
const confirm = () => within(dialog()).getByRole('button', { name: 'Confirm' });
const card = () => screen.getByRole('link', { name: 'Chess Blitz' }).closest('article')!;
const toasts = () => within(screen.getByRole('region', { name: 'Notifications' }));

describe('confirm-registration modal', () => {
  it('asks for the exact event name, with Confirm disabled while the input is empty', async () => {
    const { user } = await openModal();
    expect(dialog()).toHaveTextContent('You are registering for Chess Blitz.');
    // The dialog takes focus in an effect after it first paints.
    await waitFor(() => expect(nameInput()).toHaveFocus());
    expect(confirm()).toBeDisabled();
    await user.type(nameInput(), '   ');
    expect(confirm()).toBeDisabled();
  });

  it('refuses a name that does not match, sending nothing', async () => {
    const { user, fetchMock } = await openModal();
    await user.type(nameInput(), 'chess blitz');
    await user.click(confirm());
    expect(errorOf(nameInput())).toBe("Event name doesn't match. Please type the exact event name.");
    expect(requestsTo(fetchMock, '/api/v1/solo')).toHaveLength(0);
  });

  it('registers with the trimmed exact name, then the card shows "✓ Registered" and the seat moves', async () => {
    let answer!: (response: Response) => void;
    const { user, fetchMock } = await openModal(() => new Promise((resolve) => (answer = resolve)));
    await user.type(nameInput(), '  Chess Blitz ');
    await user.click(confirm());
    expect(within(dialog()).getByRole('button', { name: 'Registering...' })).toBeDisabled();
    answer(
      jsonResponse(
        { success: true, message: 'Successfully registered for Chess Blitz!', registration: { status: 'approved', appliedAt: '2026-11-22T05:00:00Z' } },
        201,
      ),
    );
    expect(await toasts().findByText('Successfully registered for Chess Blitz!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await requestsTo(fetchMock, '/api/v1/solo')[0].json()).toEqual({ eventId: chess._id, studentId: student._id });
    expect(within(card()).getByText('✓ Registered')).toBeInTheDocument();
    // Focus lands on the result that replaced the Register button, not on the page's body.
    await waitFor(() => expect(within(card()).getByText('✓ Registered').closest('.register-result')).toHaveFocus());
    expect(within(card()).getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuetext', '11 / 64 seats taken');
  });

  it("shows the server's refusal once, in the modal, and refreshes the card's seats from the event itself", async () => {
    // The shared list still says 10 taken (it lags); the event itself says full.
    const full = { ...chess, actualSeatsTaken: 64, availableSeats: 0 };
    const { user, fetchMock } = await openModal(() => jsonResponse({ success: false, message: 'Registration Full - All spots have been taken' }, 409), {
      [`/api/v1/events/${chess._id}`]: () => jsonResponse({ success: true, event: full }),
    });
    await user.type(nameInput(), 'Chess Blitz');
    await user.click(confirm());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Registration Full - All spots have been taken');
    expect(toasts().queryByText('Registration Full - All spots have been taken')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await within(card()).findByText('Registration Full')).toBeInTheDocument();
    expect(within(card()).getByRole('progressbar', { name: 'Seats taken' })).toHaveAttribute('aria-valuenow', '64');
    // The list is not read again (the server shares it for a second, so it could still say 63): the event is.
    expect(requestsTo(fetchMock, '/api/v1/events')).toHaveLength(1);
    expect(requestsTo(fetchMock, `/api/v1/events/${chess._id}`)).toHaveLength(1);
  });

  it("shows the client's own message when the answer cannot be read", async () => {
    const { user } = await openModal(() => new Response('', { status: 502 }));
    await user.type(nameInput(), 'Chess Blitz');
    await user.click(confirm());
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Empty response from server');
  });

  it.each([
    ['Escape', async (user: Awaited<ReturnType<typeof openModal>>['user']) => user.keyboard('{Escape}')],
    ['a backdrop click', async (user: Awaited<ReturnType<typeof openModal>>['user']) => user.click(dialog().parentElement!)],
    ['Cancel', async (user: Awaited<ReturnType<typeof openModal>>['user']) => user.click(within(dialog()).getByRole('button', { name: 'Cancel' }))],
  ])('closes on %s, clearing the text and the error', async (_how, close) => {
    const { user } = await openModal();
    await user.type(nameInput(), 'wrong');
    await user.click(confirm());
    expect(errorOf(nameInput())).not.toBeNull();
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Register for Chess Blitz' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Register for Chess Blitz' }));
    expect(nameInput()).toHaveValue('');
    expect(errorOf(nameInput())).toBeNull();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = await openModal();
    await user.type(nameInput(), 'x');
    const inside = () => dialog().contains(document.activeElement);
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(inside()).toBe(true);
    }
    await user.tab({ shift: true });
    expect(inside()).toBe(true);
  });
});
