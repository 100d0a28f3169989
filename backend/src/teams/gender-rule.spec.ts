import { appliesGenderRule, genderLimit, genderLimitReached, genderWord, teamGenderWord } from './gender-rule.js';

describe('the same-gender rule of team events', () => {
  it('applies to gender-based events and to any title containing "treasure hunt", whatever its case', () => {
    expect(appliesGenderRule({ name: 'Tug of War', hasGenderBasedTeams: true })).toBe(true);
    expect(appliesGenderRule({ name: 'Night TREASURE Hunt 2025', hasGenderBasedTeams: false })).toBe(true);
    expect(appliesGenderRule({ name: 'Hackathon', hasGenderBasedTeams: false })).toBe(false);
  });

  it('names genders as the spec does', () => {
    expect([teamGenderWord('Male'), teamGenderWord('Female'), teamGenderWord('Other'), teamGenderWord(null)]).toEqual(['boy', 'girl', null, null]);
    expect([genderWord('Other'), genderWord(null)]).toEqual(['other', 'gender not given']);
  });

  it("reads each gender's limit only on gender-based events, null meaning none", () => {
    const event = { hasGenderBasedTeams: true, maxBoyTeams: 8, maxGirlTeams: null };
    expect([genderLimit(event, 'Male'), genderLimit(event, 'Female'), genderLimit(event, 'Other')]).toEqual([8, null, null]);
    expect(genderLimit({ ...event, hasGenderBasedTeams: false }, 'Male')).toBeNull();
  });

  it("words the limit's refusal with the spec's sentence", () => {
    expect(genderLimitReached('Cannot create team!', 10, 'Female', 'Treasure Hunt')).toBe(
      'Cannot create team! Maximum limit of 10 girl teams has been reached for Treasure Hunt',
    );
  });
});
