import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { summaryOf } from './CheckInOutcome';
import { useDoorCheckIn } from './use-door-check-in';

const CODE = 'AbCdEfGhIjKlMnOpQrSt_-';

/** The door's work with two buttons: read the ticket, and leave it (as a switch of mode or "Scan next" does). */
function Door() {
  const door = useDoorCheckIn();
  return (
    <>
      <button type="button" onClick={() => void door.readTicket(CODE)}>
        Read
      </button>
      <button type="button" onClick={door.clear}>
        Leave
      </button>
      <output>{door.shown ? summaryOf(door.shown.outcome) || 'Checking' : 'Nothing shown'}</output>
    </>
  );
}

describe('the door check-in', () => {
  it("drops an answer that arrives after the admin has moved on, and shows the next ticket's own", async () => {
    const answers: ((response: Response) => void)[] = [];
    const fetchMock = stubApi({ [`/api/v1/admin/tickets/${CODE}`]: () => new Promise<Response>((resolve) => answers.push(resolve)) });
    const { user } = renderWithProviders(<Door />, { preloadedState: sessionOf(makeUser({ isAdmin: true, role: 'admin' })) });
    const unknownTicket = () => jsonResponse({ success: false, message: 'Ticket not found' }, 404);
    const otherClub = () => jsonResponse({ success: false, message: "You don't have permission to edit this event" }, 403);

    await user.click(screen.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(answers).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Leave' }));
    answers[0](otherClub());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('status')).toHaveTextContent('Nothing shown');

    // The next read's answer is shown, even though an older one comes after it.
    await user.click(screen.getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/api/v1/admin/tickets/${CODE}`)).toHaveLength(2));
    answers[1](unknownTicket());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Unknown ticket\./));
  });
});
