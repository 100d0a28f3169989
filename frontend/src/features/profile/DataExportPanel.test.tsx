import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../lib/dates';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { makeUser, sessionOf } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { DataExportPanel } from './DataExportPanel';

const EXPORT_URL = '/api/v1/users/me/data-export';

// Far ahead: the panel asks again once an offer ends.
const prepared = { createdAt: '2099-11-28T06:00:00.000Z', expiresAt: '2099-11-29T06:00:00.000Z' };

/** The panel with the server answering GET with `reads` in turn (the last one repeated) and POST with `prepare`. */
function renderPanel({
  reads = [() => jsonResponse({ success: true, export: null })],
  prepare,
}: { reads?: (() => Response)[]; prepare?: () => Response } = {}) {
  let read = 0;
  const fetchMock = stubApi({
    [EXPORT_URL]: (request) => {
      if (request.method === 'POST') {
        return prepare ? prepare() : jsonResponse({ success: true, message: 'Your data is ready to download for 24 hours.', export: prepared }, 201);
      }
      const answer = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return answer();
    },
  });
  const view = renderWithProviders(<DataExportPanel />, { preloadedState: sessionOf(makeUser()), route: '/profile' });
  return { ...view, fetchMock };
}

const panel = () => screen.getByRole('region', { name: 'Your data' });
const prepareButton = () => within(panel()).getByRole('button', { name: 'Prepare my data' });

describe('your data', () => {
  it('says what the download holds, prepares it, and offers the file until it expires, with focus on the link', async () => {
    const { user, fetchMock } = renderPanel();
    expect(within(panel()).getByRole('status')).toHaveTextContent('Checking for a download…');
    expect(within(panel()).getByRole('list')).toHaveTextContent('the notifications and e-mails sent to you');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(11);
    expect(within(panel()).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');

    expect(await within(panel()).findByText(/^No download is prepared\./)).toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: 'Download my data' })).not.toBeInTheDocument();
    await user.click(prepareButton());

    const download = await within(panel()).findByRole('link', { name: 'Download my data' });
    expect(download).toHaveAttribute('href', expect.stringMatching(/\/api\/v1\/users\/me\/data-export\.json$/));
    expect(download).toHaveAttribute('download');
    expect(download).toHaveAccessibleDescription('Ready until 29 Nov 2099, 11:30 am');
    expect(within(panel()).getByRole('status')).toHaveTextContent('Your data is ready to download for 24 hours.');
    await waitFor(() => expect(download).toHaveFocus());
    // The answer was the offer: the panel did not ask for it again.
    expect(requestsTo(fetchMock, EXPORT_URL).map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it('offers a download already prepared, until it ends', async () => {
    const soon = { createdAt: new Date(Date.now() - 60_000).toISOString(), expiresAt: new Date(Date.now() + 300).toISOString() };
    renderPanel({ reads: [() => jsonResponse({ success: true, export: soon }), () => jsonResponse({ success: true, export: null })] });
    expect(await within(panel()).findByRole('link', { name: 'Download my data' })).toHaveAccessibleDescription(`Ready until ${formatDateTime(soon.expiresAt)}`);

    // Asked again when the offer ends, the server has none: the link goes.
    expect(await within(panel()).findByText(/^No download is prepared\./)).toBeInTheDocument();
    expect(within(panel()).queryByRole('link', { name: 'Download my data' })).not.toBeInTheDocument();
  });

  it("says the rate limit's refusal in place, with focus on it, and keeps the button", async () => {
    const message = 'You have prepared your data 3 times in the last hour. Please try again later.';
    const { user } = renderPanel({ prepare: () => jsonResponse({ success: false, message }, 429) });
    await within(panel()).findByText(/^No download is prepared\./);
    await user.click(prepareButton());

    const alert = await within(panel()).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(prepareButton()).toBeEnabled();
    expect(within(panel()).queryByRole('link', { name: 'Download my data' })).not.toBeInTheDocument();
  });

  it('says when the download could not be checked, and checks again on Try Again', async () => {
    const { user } = renderPanel({
      reads: [
        () => jsonResponse({ success: false, message: 'The database is not answering. Please try again.' }, 503),
        () => jsonResponse({ success: true, export: prepared }),
      ],
    });

    expect(await within(panel()).findByRole('heading', { level: 3, name: 'Failed to check for your data download' })).toBeInTheDocument();
    expect(within(panel()).getByText('The database is not answering. Please try again.')).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Try Again' }));

    expect(await within(panel()).findByRole('link', { name: 'Download my data' })).toBeInTheDocument();
  });
});
