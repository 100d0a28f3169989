import { demoEvents } from './demo-events.js';

const festivalDay = new Date('2025-08-30T00:00:00+05:30');

describe('demoEvents', () => {
  const events = demoEvents(festivalDay, 'campus.ac.in');

  it('is the 24 events the home page promises, with unique names', () => {
    expect(events).toHaveLength(24);
    expect(new Set(events.map((event) => event.name.toLowerCase())).size).toBe(24);
  });

  it('covers the ten clubs of the event forms with solo and group events', () => {
    expect(new Set(events.map((event) => event.clubInCharge)).size).toBe(10);
    expect(events.some((event) => event.eventType === 'solo')).toBe(true);
    expect(events.some((event) => event.eventType === 'group')).toBe(true);
    expect(events.some((event) => event.maxApplications === null)).toBe(true);
    expect(events.filter((event) => event.name === 'Treasure Hunt')).toHaveLength(1);
  });

  it('holds every event on the festival day and closes registration before it', () => {
    const dayEnd = festivalDay.getTime() + 24 * 60 * 60 * 1000;
    for (const event of events) {
      expect(event.eventDate!.getTime()).toBeGreaterThanOrEqual(festivalDay.getTime());
      expect(event.eventDate!.getTime()).toBeLessThan(dayEnd);
      expect(event.registrationDeadline!.getTime()).toBeLessThan(festivalDay.getTime());
    }
  });

  it('gives group events a team size range and gender-based events limits that fit their seats', () => {
    for (const event of events.filter((e) => e.eventType === 'group')) {
      expect(event.minTeamSize).toBeGreaterThanOrEqual(1);
      expect(event.maxTeamSize).toBeGreaterThanOrEqual(event.minTeamSize!);
    }
    const genderBased = events.filter((event) => event.hasGenderBasedTeams);
    expect(genderBased.length).toBeGreaterThan(0);
    for (const event of genderBased) {
      expect(event.maxBoyTeams! + event.maxGirlTeams!).toBe(event.maxApplications);
    }
  });

  it('addresses staff in-charges at the institution domain', () => {
    expect(events.flatMap((event) => event.staffInCharges ?? []).every((staff) => staff.email.endsWith('@campus.ac.in'))).toBe(true);
  });
});
