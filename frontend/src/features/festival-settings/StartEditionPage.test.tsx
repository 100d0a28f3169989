import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FestivalSettings } from '../../api/types';
import { jsonResponse, requestsTo, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeFestivalSettings, sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ToastRegion } from '../../toasts/ToastRegion';
import { StartEditionPage } from './StartEditionPage';

const EDITIONS_URL = '/api/v1/festival/editions';

/** The page over settings whose festival is still ahead (20 Dec 2026) unless told otherwise; `start` answers the POST. */
function renderStart({ settings = makeFestivalSettings(), start }: { settings?: FestivalSettings; start?: () => Response } = {}) {
  const sent: Record<string, unknown>[] = [];
  const fetchMock = stubApi({
    '/api/v1/festival/settings': () => jsonResponse({ success: true, settings }),
    [EDITIONS_URL]: async (request) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return start
        ? start()
        : jsonResponse({ success: true, message: 'Campus Festival 2027 has started. Campus Festival is closed and kept in the archive.' }, 201);
    },
  });
  const view = renderWithProviders(
    <>
      <StartEditionPage />
      <ToastRegion />
    </>,
    { preloadedState: sessionOf(superAdmin()), route: '/admin/festival/next' },
  );
  return { ...view, sent, fetchMock };
}

async function fillNextYear(user: ReturnType<typeof renderStart>['user']) {
  await user.type(await screen.findByRole('textbox', { name: 'Festival name' }), 'Campus Festival 2027');
  await user.type(screen.getByLabelText('First day'), '2027-12-18');
  await user.type(screen.getByLabelText('Last day'), '2027-12-19');
  await user.type(screen.getByLabelText('Registration opens'), '2027-11-20T09:00');
}

describe("/admin/festival/next: next year's festival", () => {
  it("starts it once the current festival's name is typed, with a reason while its days are not over, then goes back to the settings", async () => {
    const { user, sent, router, fetchMock } = renderStart();
    await fillNextYear(user);
    const start = screen.getByRole('button', { name: 'Start Next Festival' });
    expect(start).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Type Campus Festival to confirm' }), 'campus festival');
    expect(start).toBeEnabled();
    await user.click(start);
    expect(errorOf(screen.getByRole('textbox', { name: 'Why start it now' }))).toBe('Say why Campus Festival must close before its days are over');
    expect(sent).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Why start it now' }), 'The festival moved to the winter.');
    await user.click(start);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/festival'));
    // Read again before leaving, so the settings page opens on the new festival's.
    expect(requestsTo(fetchMock, '/api/v1/festival/settings').length).toBeGreaterThanOrEqual(2);
    expect(await screen.findByText('Campus Festival 2027 has started. Campus Festival is closed and kept in the archive.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        confirmName: 'campus festival',
        name: 'Campus Festival 2027',
        firstDay: '2027-12-18',
        lastDay: '2027-12-19',
        registrationOpensAt: '2027-11-20T03:30:00.000Z',
        registrationClosesAt: null,
        earlyCloseReason: 'The festival moved to the winter.',
        version: 3,
      },
    ]);
  });

  it('asks no reason once the festival is over, and refuses days that do not follow it', async () => {
    const { user, sent } = renderStart({ settings: makeFestivalSettings({ firstDay: '2026-02-20', lastDay: '2026-02-21' }) });
    await user.type(await screen.findByRole('textbox', { name: 'Festival name' }), 'Campus Festival 2027');
    expect(screen.queryByRole('textbox', { name: 'Why start it now' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First day'), '2026-02-21');
    await user.type(screen.getByLabelText('Last day'), '2026-02-22');
    await user.type(screen.getByLabelText('Registration opens'), '2026-02-01T09:00');
    await user.type(screen.getByRole('textbox', { name: 'Type Campus Festival to confirm' }), 'Campus Festival');
    await user.click(screen.getByRole('button', { name: 'Start Next Festival' }));
    expect(errorOf(screen.getByLabelText('First day'))).toBe('The next festival must begin after 2026-02-21, the last day of Campus Festival');
    expect(sent).toHaveLength(0);
  });

  it("shows the server's refusal under the field it names, and the form keeps what was typed", async () => {
    const message = 'The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.';
    const { user, fetchMock } = renderStart({
      settings: makeFestivalSettings({ firstDay: '2026-02-20', lastDay: '2026-02-21' }),
      start: () => jsonResponse({ success: false, message }, 409),
    });
    await fillNextYear(user);
    await user.type(screen.getByRole('textbox', { name: 'Type Campus Festival to confirm' }), 'Campus Festival');
    await user.click(screen.getByRole('button', { name: 'Start Next Festival' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Festival name' })).toHaveValue('Campus Festival 2027');
    expect(requestsTo(fetchMock, EDITIONS_URL)).toHaveLength(1);
  });

  it('says when the settings cannot be loaded', async () => {
    stubApi({ '/api/v1/festival/settings': () => jsonResponse({ success: false, message: 'Service unavailable' }, 503) });
    renderWithProviders(<StartEditionPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/festival/next' });
    expect(await screen.findByRole('heading', { name: 'Failed to load the festival settings' })).toBeInTheDocument();
  });
});
