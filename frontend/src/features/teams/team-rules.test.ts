import { describe, expect, it } from 'vitest';
import { makeEvent, makeTeam } from '../../test/fixtures';
import { memberCountText, newTeamGender, placesLeft } from './team-rules';

const leader = { _id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Asha Rao' };
const invitee = { _id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Ravi Kumar' };

describe('team places', () => {
  it('counts members and pending invites against the maximum', () => {
    const team = makeTeam(makeEvent({ maxTeamSize: 3 }), leader, {
      pendingInvites: [{ _id: 'bbbbbbbb-0000-4000-8000-000000000001', inviteeId: invitee, expiresAt: '2026-11-27T06:00:00.000Z' }],
    });
    expect(placesLeft(team)).toBe(1);
    expect(memberCountText(team)).toBe('1 of 3 members');
  });

  it('never runs out of places when the event sets no maximum', () => {
    const team = makeTeam(makeEvent(), leader, { maxMembers: null });
    expect(placesLeft(team)).toBeGreaterThan(100);
    expect(memberCountText(team)).toBe('1 member');
  });
});

describe("a new team's gender", () => {
  it("is its leader's on gender-based events and treasure hunts, and none elsewhere or for a leader of no listed gender", () => {
    const genderBased = makeEvent({ name: 'Relay', hasGenderBasedTeams: true });
    expect(newTeamGender(genderBased, { gender: 'Male' })).toBe('boy');
    expect(newTeamGender(genderBased, { gender: 'Female' })).toBe('girl');
    expect(newTeamGender(genderBased, { gender: 'Other' })).toBeNull();
    expect(newTeamGender(makeEvent({ name: 'Campus Treasure Hunt', hasGenderBasedTeams: false }), { gender: 'Female' })).toBe('girl');
    expect(newTeamGender(makeEvent({ name: 'Quiz', hasGenderBasedTeams: false }), { gender: 'Male' })).toBeNull();
  });
});
