import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EventMessage, EventMessages } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { clubAdmin, makeAdminEvent, makeClubs, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ManageEventsPage } from './ManageEventsPage';

const event = makeAdminEvent({ _id: '00000000-0000-4000-8000-000000000600', name: 'Code Sprint', clubInCharge: 'Tech Club' });
const MESSAGES_URL = `/api/v1/admin/events/${event._id}/messages`;

function makeMessage(overrides: Partial<EventMessage> = {}): EventMessage {
  return {
    _id: 'dddddddd-0000-4000-8000-000000000001',
    subject: 'Bring your laptop',
    body: 'Chargers too.',
    audience: 'registrants',
    recipients: 12,
    sentAt: '2026-11-20T06:00:00.000Z',
    sentBy: 'Kavya Nair',
    ...overrides,
  };
}

interface Answers extends Partial<EventMessages> {
  /** The answer to reading the messages, instead of `messages` and `audience`. */
  get?: () => Response;
  post?: (request: Request) => Response | Promise<Response>;
}

/** Manage Events with Code Sprint, its messages and audiences as given, and `post` answering a send. */
function renderDialog({ audience = { registrants: 12, waitlist: 3, everyone: 15 }, messages = [], get, post }: Answers = {}) {
  const fetchMock = stubApi({
    '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
    '/api/v1/admin/events': () => jsonResponse({ success: true, events: [event] }),
    [MESSAGES_URL]: (request) => {
      if (request.method === 'POST' && post) return post(request);
      return get ? get() : jsonResponse({ success: true, messages, audience });
    },
  });
  const view = renderWithProviders(<ManageEventsPage />, { preloadedState: sessionOf(clubAdmin()), route: '/admin/events' });
  return { ...view, fetchMock };
}

async function openDialog(user: ReturnType<typeof renderDialog>['user'], { loaded = true } = {}) {
  await user.click(await screen.findByRole('button', { name: 'Message Participants of Code Sprint' }));
  const dialog = screen.getByRole('dialog', { name: 'Message Participants' });
  if (loaded) await within(dialog).findByRole('group', { name: 'Send to' });
  return within(dialog);
}

const sentAnswer = (draft: { audience: EventMessage['audience']; subject: string; body: string }, recipients: number) =>
  jsonResponse(
    {
      success: true,
      message: `Message sent to ${recipients} people.`,
      sent: makeMessage({ _id: 'dddddddd-0000-4000-8000-000000000002', ...draft, recipients }),
    },
    201,
  );

describe('Message Participants', () => {
  it('offers each audience with its count, an empty one disabled with the reason, and says when nothing was sent', async () => {
    const { user } = renderDialog({ audience: { registrants: 12, waitlist: 0, everyone: 12 } });
    const dialog = await openDialog(user);
    expect(dialog.getByText('Code Sprint')).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Registrants (12)' })).toBeEnabled();
    expect(dialog.getByRole('radio', { name: 'Waitlist (0)' })).toBeDisabled();
    expect(dialog.getByRole('radio', { name: 'Both (12)' })).toBeEnabled();
    expect(dialog.getByRole('group', { name: 'Send to' })).toHaveAccessibleDescription('Nobody is on the waitlist yet.');
    const sentList = dialog.getByRole('region', { name: 'Sent messages' });
    expect(sentList).toHaveTextContent('No messages sent yet.');
  });

  it('lists the messages sent: what, when, to whom, how many and by whom', async () => {
    const { user } = renderDialog({
      messages: [
        makeMessage({ subject: 'Room change', audience: 'everyone', recipients: 15 }),
        makeMessage({ _id: 'dddddddd-0000-4000-8000-000000000003', audience: 'waitlist', recipients: 1 }),
      ],
    });
    const dialog = await openDialog(user);
    const items = within(dialog.getByRole('region', { name: 'Sent messages' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Room change20 Nov 2026, 11:30 am · to registrants and the waitlist · 15 people · by Kavya Nair',
      'Bring your laptop20 Nov 2026, 11:30 am · to the waitlist · 1 person · by Kavya Nair',
    ]);
  });

  it('refuses a message without an audience, a subject or words, or one too long, before sending anything', async () => {
    const { user, fetchMock } = renderDialog();
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    const audience = dialog.getByRole('group', { name: 'Send to' });
    expect(errorOf(audience)).toBe('Please choose who receives it');
    expect(errorOf(dialog.getByRole('textbox', { name: 'Subject' }))).toBe('Please enter a subject');
    expect(errorOf(dialog.getByRole('textbox', { name: 'Message' }))).toBe('Please write the message');
    expect(dialog.getByRole('radio', { name: 'Registrants (12)' })).toHaveFocus();

    await user.click(dialog.getByRole('textbox', { name: 'Subject' }));
    await user.paste('s'.repeat(121));
    await user.click(dialog.getByRole('textbox', { name: 'Message' }));
    await user.paste('m'.repeat(2001));
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveAccessibleDescription('121/120 A subject has at most 120 characters');
    expect(errorOf(dialog.getByRole('textbox', { name: 'Message' }))).toBe('A message has at most 2,000 characters');
    await user.click(dialog.getByRole('radio', { name: 'Both (15)' }));
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveFocus();
    expect(dialog.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, MESSAGES_URL).filter(({ method }) => method === 'POST')).toHaveLength(0);
  });

  it('previews the message as sent, keeps it through Back, sends it and shows the answer, focused, atop the sent list', async () => {
    let release = () => {};
    const { user, fetchMock } = renderDialog({
      post: async (request) => {
        const draft = (await request.clone().json()) as Parameters<typeof sentAnswer>[0];
        await new Promise<void>((resolve) => (release = resolve));
        return sentAnswer(draft, 15);
      },
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Both (15)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), '  Room   change ');
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'We meet in Lab 2.{Enter}Bring your ID card.{Enter}');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));

    const preview = dialog.getByRole('region', { name: 'Preview' });
    expect(dialog.getByRole('heading', { name: 'Preview' })).toHaveFocus();
    expect(preview).toHaveTextContent('From Tech Club: Room change');
    expect(within(preview).getByText(/^We meet in Lab 2\./).textContent).toBe('We meet in Lab 2.\nBring your ID card.');
    expect(preview).toHaveTextContent('This goes to 15 people by e-mail and in their notifications.');

    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('button', { name: 'Preview' })).toHaveFocus();
    expect(dialog.getByRole('radio', { name: 'Both (15)' })).toBeChecked();
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('  Room   change ');
    expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('We meet in Lab 2.\nBring your ID card.\n');

    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    expect(await dialog.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    const outcome = await dialog.findByText('Message sent to 15 people.');
    await waitFor(() => expect(outcome).toHaveFocus());
    const [post] = requestsTo(fetchMock, MESSAGES_URL).filter(({ method }) => method === 'POST');
    expect(await post.json()).toEqual({ audience: 'everyone', subject: 'Room change', body: 'We meet in Lab 2.\nBring your ID card.' });
    // Ready for another: the fields are empty again, and the sent one heads the list.
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    expect(dialog.getByRole('button', { name: 'Done' })).toBeInTheDocument();
    const items = await within(dialog.getByRole('region', { name: 'Sent messages' })).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Room change');
    expect(items[0]).toHaveTextContent('to registrants and the waitlist · 15 people · by Kavya Nair');
  });

  it("shows the server's refusal of a field under it, focused, with everything typed kept", async () => {
    const { user } = renderDialog({
      post: () =>
        jsonResponse(
          { success: false, message: 'Validation failed', errors: [{ field: 'body', message: "Messages carry no links: put them on the event's page" }] },
          400,
        ),
    });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Registrants (12)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Slides');
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'They are at www.example.org now.');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    const message = await dialog.findByRole('textbox', { name: 'Message' });
    expect(errorOf(message)).toBe("Messages carry no links: put them on the event's page");
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveValue('They are at www.example.org now.');
    expect(dialog.getByRole('textbox', { name: 'Subject' })).toHaveValue('Slides');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when the event has had its messages for the hour, keeping the preview', async () => {
    const { user } = renderDialog({ post: () => jsonResponse({ success: false, message: 'Too many attempts. Please try again in 40 minutes.' }, 429) });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'Waitlist (3)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Subject' }), 'Seats');
    await user.type(dialog.getByRole('textbox', { name: 'Message' }), 'More seats may open on Friday.');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    await user.click(dialog.getByRole('button', { name: 'Send' }));
    const refusal = await dialog.findByRole('alert');
    expect(refusal).toHaveTextContent('Too many attempts. Please try again in 40 minutes.');
    await waitFor(() => expect(refusal).toHaveFocus());
    expect(dialog.getByRole('region', { name: 'Preview' })).toHaveTextContent('From Tech Club: Seats');
    await user.click(dialog.getByRole('button', { name: 'Back' }));
    expect(dialog.getByRole('textbox', { name: 'Message' })).toHaveValue('More seats may open on Friday.');
  });

  it('says when the messages cannot be loaded, and Try Again loads them', async () => {
    let answer = () => jsonResponse({ success: false, message: 'Database unavailable' }, 503);
    const { user, fetchMock } = renderDialog({ get: () => answer() });
    const dialog = await openDialog(user, { loaded: false });
    expect(await dialog.findByRole('heading', { name: 'Failed to load the messages' })).toBeInTheDocument();
    expect(dialog.getByText('Database unavailable')).toBeInTheDocument();
    answer = () => jsonResponse({ success: true, messages: [], audience: { registrants: 1, waitlist: 0, everyone: 1 } });
    await user.click(dialog.getByRole('button', { name: 'Try Again' }));
    expect(await dialog.findByRole('radio', { name: 'Registrants (1)' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, MESSAGES_URL)).toHaveLength(2);
  });
});
