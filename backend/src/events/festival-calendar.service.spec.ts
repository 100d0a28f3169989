import { loadConfig } from '../config/app-config.js';
import { FestivalCalendar } from './festival-calendar.service.js';

describe('FestivalCalendar', () => {
  const loadedAt = new Date('2026-03-10T10:00:00Z');

  it('says the defaults are the defaults while there is no demo data', () => {
    expect(new FestivalCalendar(loadConfig({})).describe()).toBe(
      'Festival on 2025-08-30, registration opening 2025-08-14 (India time): the defaults, as FESTIVAL_DATE and REGISTRATION_OPENS_AT are not set and there is no demo data.',
    );
  });

  it('counts the demo festival from the day its data was loaded, and says so', () => {
    const calendar = new FestivalCalendar(loadConfig({}));
    calendar.followDemoLoadedAt(loadedAt);

    expect(calendar.dates).toMatchObject({
      source: 'demo',
      festivalDate: new Date('2026-03-31T00:00:00+05:30'),
      registrationOpensAt: new Date('2026-03-03T00:00:00+05:30'),
    });
    expect(calendar.describe()).toBe(
      "Festival on 2026-03-31, registration opening 2026-03-03 (India time): the demo festival's dates, counted from the day its data was loaded (2026-03-10); set FESTIVAL_DATE and REGISTRATION_OPENS_AT to choose others.",
    );
  });

  it('keeps dates that are set, even one of them alone, over the demo festival', () => {
    const calendar = new FestivalCalendar(loadConfig({ FESTIVAL_DATE: '2026-12-20' }));
    calendar.followDemoLoadedAt(loadedAt);

    expect(calendar.dates).toMatchObject({
      source: 'environment',
      festivalDate: new Date('2026-12-20T00:00:00+05:30'),
      registrationOpensAt: new Date('2025-08-14T00:00:00+05:30'),
    });
    expect(calendar.describe()).toBe('Festival on 2026-12-20, registration opening 2025-08-14 (India time): from FESTIVAL_DATE and REGISTRATION_OPENS_AT.');
  });
});
