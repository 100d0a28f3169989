import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FestivalSettings } from '../../api/types';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { errorOf } from '../../test/fields';
import { makeFestivalSettings, sessionOf, superAdmin } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { FestivalSettingsPage } from './FestivalSettingsPage';

const SETTINGS_URL = '/api/v1/festival/settings';

/** The page with the server answering GET with `reads` in turn (the last one repeated) and PUT with `save`. */
function renderSettings({ reads = [makeFestivalSettings()], save }: { reads?: FestivalSettings[]; save?: (body: Record<string, unknown>) => Response } = {}) {
  let read = 0;
  /** The bodies of the saves sent. */
  const sent: Record<string, unknown>[] = [];
  stubApi({
    [SETTINGS_URL]: async (request) => {
      if (request.method === 'PUT') {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push(body);
        return save
          ? save(body)
          : jsonResponse({ success: true, message: 'Festival settings saved.', settings: { ...makeFestivalSettings(body), version: 4 } });
      }
      const settings = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return jsonResponse({ success: true, settings });
    },
  });
  return { ...renderWithProviders(<FestivalSettingsPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/festival' }), sent };
}

describe('/admin/festival', () => {
  it('shows the settings as they stand and saves every field with the version read, saying so beside the button', async () => {
    const { user, sent } = renderSettings();
    const name = await screen.findByLabelText('Festival name');
    expect(name).toHaveValue('Campus Festival');
    expect(screen.getByLabelText('Registration opens')).toHaveValue('2026-12-01T00:00');
    expect(screen.getByLabelText('Undergraduate programmes')).toHaveValue('Civil\nMechanical');
    expect(screen.getByText(/^Last saved 20 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Start Next Year's Festival" })).toHaveAttribute('href', '/admin/festival/next');

    await user.clear(name);
    await user.type(name, 'Techfest');
    await user.clear(screen.getByLabelText('Last day'));
    await user.type(screen.getByLabelText('Last day'), '2026-12-22');
    await user.click(screen.getByLabelText('Clash check'));
    await user.type(screen.getByLabelText('Postgraduate programmes'), '\n  MCA  \n');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    const saved = await screen.findByText('Festival settings saved.');
    await waitFor(() => expect(saved.closest('[tabindex="-1"]')).toHaveFocus());
    const [body] = sent;
    expect(body).toMatchObject({
      name: 'Techfest',
      firstDay: '2026-12-20',
      lastDay: '2026-12-22',
      registrationOpensAt: '2026-11-30T18:30:00.000Z',
      registrationClosesAt: null,
      about: { postgraduateProgrammes: ['MBA', 'MCA'] },
      rules: { clashCheck: true, maxRegistrationsPerStudent: 0 },
      version: 3,
    });
  });

  it('checks the dates before sending, and shows a refusal of the server under the field it names', async () => {
    const { user, sent } = renderSettings({
      save: () =>
        jsonResponse(
          {
            success: false,
            message: 'Contact phone must be a phone number such as +91 44 2345 6789',
            errors: [{ field: 'about.contactPhone', message: 'Contact phone must be a phone number such as +91 44 2345 6789' }],
          },
          400,
        ),
    });
    const lastDay = await screen.findByLabelText('Last day');
    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-19');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Last day cannot be before the first day')).toBeInTheDocument();
    expect(lastDay).toHaveFocus();
    expect(sent).toHaveLength(0);

    await user.clear(lastDay);
    await user.type(lastDay, '2026-12-21');
    await user.type(screen.getByLabelText('Contact phone'), '12345678');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    const phone = screen.getByLabelText('Contact phone');
    await waitFor(() => expect(phone).toHaveAccessibleDescription(/Contact phone must be a phone number/));
    expect(phone).toHaveValue('12345678');
  });

  it("shows the festival's time zone, asks for one, and sends the one chosen with the dates at their moment", async () => {
    const { user, sent } = renderSettings();
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Asia/Kolkata');
    expect(zone).toHaveAccessibleDescription("The festival's days, deadlines and times are read and shown in this zone. Dates already set keep their moment.");
    expect(screen.getByLabelText('Registration opens')).toHaveAccessibleDescription('Campus time (IST).');

    await user.selectOptions(zone, '');
    expect(errorOf(zone)).toBe('Time zone is required');
    await user.selectOptions(zone, 'America/New York');
    expect(errorOf(zone)).toBe(null);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Festival settings saved.')).toBeInTheDocument();
    expect(sent[0]).toMatchObject({ timeZone: 'America/New_York', registrationOpensAt: '2026-11-30T18:30:00.000Z', registrationClosesAt: null });
  });

  it('shows a time zone the server refuses under the field', async () => {
    const message = 'Time zone must be a time zone such as Asia/Kolkata';
    const { user } = renderSettings({ save: () => jsonResponse({ success: false, message, errors: [{ field: 'timeZone', message }] }, 400) });
    const zone = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.selectOptions(zone, 'Europe/London');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(errorOf(zone)).toBe(message));
    expect(zone).toHaveFocus();
    expect(zone).toHaveValue('Europe/London');
  });

  it('refuses a save over a newer one, and Reload shows the settings as the other admin left them', async () => {
    const { user } = renderSettings({
      reads: [makeFestivalSettings(), makeFestivalSettings({ name: 'Techfest by the other admin', version: 4 })],
      save: () =>
        jsonResponse(
          { success: false, message: 'The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.' },
          409,
        ),
    });
    await user.type(await screen.findByLabelText('Tagline'), ' And more.');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(
      await screen.findByText('The festival settings were changed meanwhile by someone else. Reload to see their change, then make yours again.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reload' }));

    await waitFor(() => expect(screen.getByLabelText('Festival name')).toHaveValue('Techfest by the other admin'));
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({
      [SETTINGS_URL]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ success: false, message: 'The service is unavailable.' }, 503)
          : jsonResponse({ success: true, settings: makeFestivalSettings() });
      },
    });
    const { user } = renderWithProviders(<FestivalSettingsPage />, { preloadedState: sessionOf(superAdmin()), route: '/admin/festival' });
    expect(await screen.findByRole('heading', { name: 'Failed to load the festival settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText('Festival name')).toHaveValue('Campus Festival');
  });
});
