import { useEffect, useState, type SubmitEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FestEvent, SessionUser } from '../../api/types';
import { Alert } from '../../components/Alert';
import { SelectField, TextField } from '../../components/FormField';
import { eventPath } from '../../config/paths';
import { departmentOptions, yearAfterDepartmentChange, yearOptions } from '../../lib/person-rules';
import { useOutcome } from '../../toasts/use-outcome';
import { useToast } from '../../toasts/use-toast';
import { useFormListedTeamMutation } from './events-api';
import { emptyMember, groupFormErrors, groupPayload, hasGroupErrors, type GroupFormErrors, type GroupMember, type MemberErrors } from './group-enrollment';

/**
 * /enroll for a team event: the leader lists the team (name, year, branch, e-mail each; the year and
 * branch as the classmate's account has them, in the sign-up's words).
 * Each listed classmate is invited and joins by accepting; the leader then registers the team from
 * the event page. Listing someone never registers them.
 */
export function GroupEnrollForm({ event, user }: { event: FestEvent; user: SessionUser }) {
  const [teamLeadName, setTeamLeadName] = useState(user.name);
  const [members, setMembers] = useState<GroupMember[]>([emptyMember()]);
  const [submitted, setSubmitted] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [formListedTeam, { isLoading }] = useFormListedTeamMutation();
  const { outcome, clear, failed } = useOutcome();
  const toast = useToast();
  const navigate = useNavigate();
  const errors = groupFormErrors(teamLeadName, members, user);
  // Rules speak once the leader has tried to register, then follow every edit.
  const shown: GroupFormErrors = submitted ? errors : { members: [] };

  useEffect(() => {
    if (focusRequest) document.querySelector<HTMLElement>('.enroll-form [aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const change = (index: number, field: keyof GroupMember, value: string) =>
    setMembers((current) => current.map((member, at) => (at === index ? withChange(member, field, value) : member)));

  const submit = async (domEvent: SubmitEvent) => {
    domEvent.preventDefault();
    setSubmitted(true);
    if (hasGroupErrors(errors)) {
      setFocusRequest((n) => n + 1);
      return;
    }
    clear();
    const result = await formListedTeam(groupPayload(event._id, teamLeadName, members, user));
    if (result.error) {
      failed(result.error, 'Failed to create team');
      return;
    }
    toast.success(result.data);
    // The event page's Your Teams shows who has accepted, and registers the team.
    void navigate(eventPath(event._id, event.name));
  };

  return (
    <form className="enroll-form" onSubmit={(domEvent) => void submit(domEvent)} noValidate>
      <p className="panel__hint" id="enroll-consent">
        Each member must have a verified student account and is sent an invitation by e-mail. Once they accept, register the team from the event page.
      </p>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <TextField label="Team lead name" autoComplete="name" value={teamLeadName} onValueChange={setTeamLeadName} error={shown.teamLeadName} />
      <ol className="group-members">
        {members.map((member, index) => (
          <MemberFields
            // Rows have no identity but their place; removing one re-renders those after it.
            key={index}
            index={index}
            member={member}
            errors={shown.members[index] ?? {}}
            onChange={(field, value) => change(index, field, value)}
            onRemove={members.length > 1 ? () => setMembers((current) => current.filter((_, at) => at !== index)) : undefined}
          />
        ))}
      </ol>
      <button type="button" className="button button--ghost" onClick={() => setMembers((current) => [...current, emptyMember()])}>
        Add Member
      </button>
      <button type="submit" className="button button--primary button--block" disabled={isLoading} aria-describedby="enroll-consent">
        {isLoading ? 'Sending invitations...' : 'Send Invitations'}
      </button>
    </form>
  );
}

/** A member's row after one field changes; as at sign-up, a new branch clears a year it does not allow. */
function withChange(member: GroupMember, field: keyof GroupMember, value: string): GroupMember {
  const changed = { ...member, [field]: value };
  return field === 'branch' ? { ...changed, year: yearAfterDepartmentChange(member.year, value) } : changed;
}

interface MemberFieldsProps {
  index: number;
  member: GroupMember;
  errors: MemberErrors;
  onChange: (field: keyof GroupMember, value: string) => void;
  /** Absent for the last remaining member: the list never goes below one. */
  onRemove?: () => void;
}

function MemberFields({ index, member, errors, onChange, onRemove }: MemberFieldsProps) {
  const label = `Member ${index + 1}`;
  const bind = (field: keyof GroupMember) => ({ value: member[field], onValueChange: (value: string) => onChange(field, value), error: errors[field] });
  return (
    <li>
      <fieldset className="group-member">
        <legend>{label}</legend>
        <TextField label="Name" autoComplete="off" {...bind('name')} />
        <SelectField label="Branch" placeholder="Select branch" options={departmentOptions} {...bind('branch')} />
        <SelectField label="Year" placeholder="Select year" options={yearOptions(member.branch)} {...bind('year')} />
        <TextField label="Email" type="email" autoComplete="off" {...bind('email')} />
        {onRemove && (
          <button type="button" className="button button--ghost button--small" aria-label={`Remove ${label}`} onClick={onRemove}>
            Remove
          </button>
        )}
      </fieldset>
    </li>
  );
}
