import { loadConfig } from '../config/app-config.js';
import { defaultSettings, describeSettings, festivalEndsAt, festivalStartsAt } from './festival-settings.js';

describe('the festival settings before the first save', () => {
  const loadedAt = new Date('2026-03-10T10:00:00Z');

  it('are the built-in defaults while no date is set and there is no demo data, and say so', () => {
    const settings = defaultSettings(loadConfig({}), undefined);

    expect(settings).toMatchObject({ firstDay: '2025-08-30', lastDay: '2025-08-30', source: 'default', version: 0 });
    expect(describeSettings(settings, undefined)).toBe(
      'Festival on 2025-08-30, registration opening 2025-08-14 (Asia/Kolkata): the defaults, as FESTIVAL_DATE and REGISTRATION_OPENS_AT are not set and nothing is saved.',
    );
  });

  it('count the demo festival from the day its data was loaded', () => {
    const settings = defaultSettings(loadConfig({}), loadedAt);

    expect(settings).toMatchObject({ source: 'demo', firstDay: '2026-03-31', registrationOpensAt: new Date('2026-03-03T00:00:00+05:30') });
    expect(describeSettings(settings, loadedAt)).toBe(
      "Festival on 2026-03-31, registration opening 2026-03-03 (Asia/Kolkata): the demo festival's dates, counted from the day its data was loaded (2026-03-10), until the super admin saves the festival settings.",
    );
  });

  it('keep dates set in the environment, even one of them alone, over the demo festival, with its rules', () => {
    const settings = defaultSettings(loadConfig({ FESTIVAL_DATE: '2026-12-20', MAX_REGISTRATIONS_PER_STUDENT: '3', WAITLIST_OFFER_HOURS: '6' }), loadedAt);

    expect(settings).toMatchObject({
      source: 'environment',
      firstDay: '2026-12-20',
      registrationOpensAt: new Date('2025-08-14T00:00:00+05:30'),
      rules: { maxRegistrationsPerStudent: 3 },
      waitlistOfferHours: 6,
    });
    expect(describeSettings(settings, loadedAt)).toBe(
      'Festival on 2026-12-20, registration opening 2025-08-14 (Asia/Kolkata): from FESTIVAL_DATE and REGISTRATION_OPENS_AT, until the super admin saves the festival settings.',
    );
  });

  it("run from midnight of the first day to midnight after the last, in the festival's time zone", () => {
    const india = { timeZone: 'Asia/Kolkata' };
    expect(festivalStartsAt({ ...india, firstDay: '2026-02-20' }).toISOString()).toBe('2026-02-19T18:30:00.000Z');
    expect(festivalEndsAt({ ...india, lastDay: '2026-02-22' }).toISOString()).toBe('2026-02-22T18:30:00.000Z');
    const london = { timeZone: 'Europe/London' };
    // London's clocks go forward on 29 March 2026: the festival starts in winter time and ends in summer time.
    expect(festivalStartsAt({ ...london, firstDay: '2026-03-28' }).toISOString()).toBe('2026-03-28T00:00:00.000Z');
    expect(festivalEndsAt({ ...london, lastDay: '2026-03-29' }).toISOString()).toBe('2026-03-29T23:00:00.000Z');
  });
});
