import type { SessionUser } from '../../api/types';
import { isEmailAddress } from '../../lib/person-rules';

/** One member row of the /enroll team form, as POST /group takes it. */
export interface GroupMember {
  name: string;
  /** '1' to '4', shown I to IV. */
  year: string;
  branch: string;
  /** 'A' to 'C'. */
  section: string;
  email: string;
}

export const YEARS = [
  { value: '1', label: 'I' },
  { value: '2', label: 'II' },
  { value: '3', label: 'III' },
  { value: '4', label: 'IV' },
] as const;

export const BRANCHES = ['CSE', 'IT', 'ECE', 'EEE', 'MECH', 'CIVIL', 'AIDS', 'BME', 'BT'].map((branch) => ({ value: branch, label: branch }));

export const SECTIONS = ['A', 'B', 'C'].map((section) => ({ value: section, label: section }));

export const emptyMember = (): GroupMember => ({ name: '', year: '', branch: '', section: '', email: '' });

export type MemberErrors = Partial<Record<keyof GroupMember, string>>;

export interface GroupFormErrors {
  teamLeadName?: string;
  members: MemberErrors[];
}

function memberErrors(member: GroupMember): MemberErrors {
  const errors: MemberErrors = {};
  if (!member.name.trim()) errors.name = 'Name is required';
  if (!member.year) errors.year = 'Year is required';
  if (!member.branch) errors.branch = 'Branch is required';
  if (!member.section) errors.section = 'Section is required';
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
