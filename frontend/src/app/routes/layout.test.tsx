import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Festival, FestivalSettings } from '../../api/types';
import { setSignedInHint } from '../../test/browser';
import { jsonResponse, stubApi } from '../../test/fake-fetch';
import { clubAdmin, makeAdminEvent, makeClubs, makeEvent, makeFestival, makeFestivalSettings, superAdmin } from '../../test/fixtures';
import { renderRoutes } from '../../test/render';
import { routes } from '../router';

/** 20 December 2026, 10 am in New York (3 pm UTC, 8:30 pm in India). */
const TEN_AM_IN_NEW_YORK = '2026-12-20T15:00:00.000Z';

const signedOut = () => jsonResponse({ success: false, message: 'Please sign in to continue.' }, 401);

describe("the festival's time zone", () => {
  it('shows the times of events in the zone the festival is in', async () => {
    stubApi({
      '/api/v1/user/load': signedOut,
      '/api/v1/events': () =>
        jsonResponse({ success: true, events: [makeEvent({ name: 'Code Sprint', eventDate: TEN_AM_IN_NEW_YORK, event_date: TEN_AM_IN_NEW_YORK })] }),
      '/api/v1/festival': () => jsonResponse({ success: true, festival: makeFestival({ timeZone: 'America/New_York' }) }),
    });
    renderRoutes(routes, { route: '/' });
    const card = (await screen.findByRole('link', { name: 'Code Sprint' })).closest('article') as HTMLElement;
    await waitFor(() => expect(within(card).getByText('20 Dec 2026, 10:00 am')).toBeInTheDocument());
  });

  it("draws an admin's form again in the festival's zone when the festival answers after it, and names the zone", async () => {
    setSignedInHint();
    let answerFestival = () => {};
    const festivalAnswered = new Promise<void>((resolve) => (answerFestival = resolve));
    const event = makeAdminEvent({ name: 'Code Sprint', eventDate: '2026-12-20T01:00:00.000Z', applicationDeadline: '2026-12-18T09:00:00.000Z' });
    stubApi({
      '/api/v1/user/load': () => jsonResponse({ success: true, user: clubAdmin() }),
      '/api/v1/festival': async () => {
        await festivalAnswered;
        return jsonResponse({ success: true, festival: makeFestival({ timeZone: 'Asia/Tokyo' }) });
      },
      '/api/v1/clubs': () => jsonResponse({ success: true, clubs: makeClubs() }),
      [`/api/v1/admin/events/${event._id}`]: () => jsonResponse({ success: true, event }),
    });
    renderRoutes(routes, { route: `/edit-event/${event._id}` });
    // Until the festival answers, its dates are India's, where it was before its zone could be set.
    expect(await screen.findByLabelText('Event date')).toHaveValue('2026-12-20T06:30');

    answerFestival();

    await waitFor(() => expect(screen.getByLabelText('Event date')).toHaveValue('2026-12-20T10:00'));
    expect(screen.getByLabelText('Event date')).toHaveAccessibleDescription('Campus time (GMT+9).');
    expect(screen.getByLabelText('Application deadline')).toHaveValue('2026-12-18T18:00');
  });

  it('draws the settings again in the zone a super admin saves, saying it was saved', async () => {
    setSignedInHint();
    let festival: Festival = makeFestival();
    let settings: FestivalSettings = makeFestivalSettings();
    stubApi({
      '/api/v1/user/load': () => jsonResponse({ success: true, user: superAdmin() }),
      '/api/v1/festival': () => jsonResponse({ success: true, festival }),
      '/api/v1/festival/settings': async (request) => {
        if (request.method === 'PUT') {
          settings = { ...settings, ...((await request.json()) as Partial<FestivalSettings>), version: settings.version + 1 };
          festival = { ...festival, timeZone: settings.timeZone };
          return jsonResponse({ success: true, message: 'Festival settings saved.', settings });
        }
        return jsonResponse({ success: true, settings });
      },
    });
    const { user } = renderRoutes(routes, { route: '/admin/festival' });
    const opens = await screen.findByLabelText('Registration opens');
    expect(opens).toHaveValue('2026-12-01T00:00');
    expect(opens).toHaveAccessibleDescription('Campus time (IST).');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    // The same moment, written in the new zone.
    await waitFor(() => expect(screen.getByLabelText('Registration opens')).toHaveValue('2026-12-01T03:30'));
    expect(screen.getByLabelText('Registration opens')).toHaveAccessibleDescription('Campus time (GMT+9).');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
    expect(within(screen.getByRole('region', { name: 'Notifications' })).getByText('Festival settings saved.')).toBeInTheDocument();
  });
});
