import type { SessionUser } from '../../api/types';
import { isEmailAddress, yearError } from '../../lib/person-rules';

/**
 * One member row of the /enroll team form, as POST /group takes it: the year and branch in the
 * sign-up's words, which the server checks against the classmate's account.
 */
export interface GroupMember {
  name: string;
  year: string;
  branch: string;
  email: string;
}

export const emptyMember = (): GroupMember => ({ name: '', year: '', branch: '', email: '' });

export type MemberErrors = Partial<Record<keyof GroupMember, string>>;

export interface GroupFormErrors {
  teamLeadName?: string;
  members: MemberErrors[];
}

function memberErrors(member: GroupMember): MemberErrors {
  const errors: MemberErrors = {};
  if (!member.name.trim()) errors.name = 'Name is required';
  const year = yearError(member.year, member.branch);
  if (year) errors.year = year;
  if (!member.branch) errors.branch = 'Branch is required';
  if (!member.email.trim()) errors.email = 'Email is required';
  // The address rule the server applies; the server judges whether it is a student's account.
  else if (!isEmailAddress(member.email)) errors.email = 'Please enter a valid email';
  return errors;
}

/** Spec §5: the lead's name is the signed-in user's own, and every member field is filled. */
export function groupFormErrors(teamLeadName: string, members: GroupMember[], user: SessionUser): GroupFormErrors {
  const lead = teamLeadName.trim();
  return {
    teamLeadName: !lead
      ? 'Team lead name is required'
      : lead.toLowerCase() !== user.name.trim().toLowerCase()
        ? 'Only the team leader can register and invite members.'
        : undefined,
    members: members.map(memberErrors),
  };
}

export const hasGroupErrors = ({ teamLeadName, members }: GroupFormErrors): boolean =>
  Boolean(teamLeadName) || members.some((errors) => Object.keys(errors).length > 0);

/** The form's values as POST /group takes them, trimmed. */
export function groupPayload(eventId: string, teamLeadName: string, members: GroupMember[], user: SessionUser) {
  return {
    eventId,
    teamLeadName: teamLeadName.trim(),
    members: members.map((member) => ({ ...member, name: member.name.trim(), email: member.email.trim() })),
    teamLeadEmail: user.email,
    teamLeaderId: user._id,
  };
}

export type GroupRegistration = ReturnType<typeof groupPayload>;
