import { useEffect, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import { fieldErrorsOf } from '../../api/base-api';
import type { AdminEvent } from '../../api/types';
import { Alert } from '../../components/Alert';
import { useClubOptions } from '../../components/club-options';
import { CheckboxField, RadioGroupField, SelectField, TextAreaField, TextField } from '../../components/FormField';
import { zoneName } from '../../lib/festival-wall-clock';
import { useForm } from '../../lib/use-form';
import { useLater } from '../../lib/use-later';
import { useSelection } from '../../lib/use-selection';
import { useSignedInUser } from '../../session/RequireAuth';
import { useOutcome } from '../../toasts/use-outcome';
import {
  changedFields,
  DESCRIPTION_MAX_LENGTH,
  EMPTY_EVENT,
  EVENT_NAME_MAX_LENGTH,
  eventErrors,
  eventPayload,
  copiedValues,
  eventValues,
  isGenderBased,
  isGroupEvent,
  STAFF_REQUIRED,
  typeOptions,
  type EventValues,
} from './event-form-rules';
import { useCreateEventMutation, useUpdateEventMutation } from './manage-events-api';
import { staffInCharge, staffPick, StaffPicker, type StaffPick } from './StaffPicker';

/** The spec's pause between the success message and leaving the form. */
const RETURN_DELAY_MS = 1500;

const statusOptions = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

interface EventFormProps {
  /** The event being edited; without it the form creates one. */
  event?: AdminEvent;
  /** An earlier festival's event a new one starts from (its details, not its dates). */
  copyOf?: AdminEvent;
  onCancel: () => void;
  /** Runs once the success message has been shown for a moment, with the saved event's id and the server's message. */
  onDone: (savedId: string, message: string) => void;
}

/** Create Event and Edit Event: every field of the event, checked as it is left, sent whole (create) or as changes (edit). */
export function EventForm({ event, copyOf, onCancel, onDone }: EventFormProps) {
  const clubOptions = useClubOptions({ keep: event?.clubInCharge });
  const user = useSignedInUser();
  const choosesClub = user.isSuperAdmin;
  const [saved] = useState(() => ({
    values: event ? eventValues(event) : copyOf ? copiedValues(copyOf) : { ...EMPTY_EVENT, clubInCharge: choosesClub ? '' : (user.club ?? '') },
    staff: (event ?? copyOf)?.staff_incharges.map(staffPick) ?? [],
  }));
  const form = useForm(saved.values, (values) => eventErrors(values, { choosesClub, savedDeadline: saved.values.applicationDeadline, now: Date.now() }));
  const staff = useSelection<StaffPick>(Infinity, saved.staff);
  const staffError = useStaffError(staff.selected.length, form.formRef);
  const [create, creating] = useCreateEventMutation();
  const [update, updating] = useUpdateEventMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const [done, setDone] = useState(false);
  const later = useLater();
  const doneRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The message is said where the button was pressed, and the keyboard waits there.
    if (done) doneRef.current?.focus();
  }, [done]);

  const save = async (values: EventValues) => {
    clear();
    if (staff.selected.length === 0) {
      staffError.show();
      return;
    }
    const payload = eventPayload(values, staff.selected.map(staffInCharge), choosesClub);
    const send = async () => {
      if (!event) {
        const created = await create(payload);
        return { ...created, savedId: created.data?.event._id ?? '' };
      }
      const changes = changedFields(payload, eventPayload(saved.values, saved.staff.map(staffInCharge), choosesClub));
      return { ...(await update({ eventId: event._id, changes })), savedId: event._id };
    };
    const result = await send();
    if (result.error) {
      staffError.setServer(fieldErrorsOf(result.error).staff_incharges);
      failed(result.error, event ? 'Failed to update event' : 'Failed to create event', form);
      return;
    }
    const { message } = result.data;
    succeeded(message);
    setDone(true);
    later(() => onDone(result.savedId, message), RETURN_DELAY_MS);
  };
  const submit = (submitEvent: SubmitEvent) => {
    staffError.check();
    form.handleSubmit(save)(submitEvent);
  };

  const busy = creating.isLoading || updating.isLoading;
  const values = form.values;
  const campusTime = `Campus time (${zoneName()}).`;
  return (
    <form ref={form.formRef} className="admin-form event-form" onSubmit={submit} noValidate aria-label={event ? 'Edit event' : 'Create event'}>
      {outcome && !done && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {/* Disabled as a whole while sending, and after success while the page is about to be left. */}
      <fieldset className="event-form__fields" disabled={busy || done}>
        <legend className="visually-hidden">Event details</legend>
        <TextField label="Event name" autoComplete="off" maxLength={EVENT_NAME_MAX_LENGTH} {...form.field('name')} />
        <div className="event-form__row">
          <SelectField label="Event type" placeholder="Select an event type" options={typeOptions} {...form.field('event_type', 'choice')} />
          {choosesClub ? (
            <SelectField label="Club in charge" placeholder="Select a club" options={clubOptions} {...form.field('clubInCharge', 'choice')} />
          ) : (
            <TextField
              label="Club in charge"
              value={values.clubInCharge}
              readOnly
              placeholder="No club assigned"
              hint={values.clubInCharge ? 'Club cannot be changed by club admins' : 'No club assigned'}
            />
          )}
        </div>
        <TextAreaField label="Description" rows={5} hint={`${values.description.length}/${DESCRIPTION_MAX_LENGTH}`} {...form.field('description')} />
        <StaffPicker selection={staff} error={staffError.message} />
        <div className="event-form__row">
          <TextField
            label="Max applications"
            type="number"
            inputMode="numeric"
            min={1}
            hint={isGroupEvent(values) ? 'Teams: each registered team takes one seat. Leave empty for unlimited teams.' : 'Leave empty for unlimited seats.'}
            {...form.field('maxApplications')}
          />
          <TextField
            label="Application deadline"
            type="datetime-local"
            hint={`${campusTime} Leave empty for no deadline.`}
            {...form.field('applicationDeadline')}
          />
        </div>
        <div className="event-form__row">
          <TextField label="Event date" type="datetime-local" hint={campusTime} {...form.field('eventDate')} />
          <TextField label="Event end" type="datetime-local" hint={`${campusTime} Leave empty if it has no set end.`} {...form.field('eventEndDate')} />
        </div>
        <TextField label="Venue" autoComplete="off" maxLength={200} {...form.field('venue')} />
        <TextAreaField label="Rules" rows={4} hint="One rule per line, at most 20." {...form.field('rules')} />
        {isGroupEvent(values) && <TeamFields form={form} />}
        <CheckboxField
          label="Registrations need approval"
          hint="Each registration waits for an admin's decision, holding its seat meanwhile."
          checked={values.requiresApproval === 'true'}
          onCheckedChange={(checked) => form.setValue('requiresApproval', checked ? 'true' : '')}
        />
        <div className="event-form__row">
          <TextField label="Coordinator name" autoComplete="off" maxLength={100} {...form.field('coordinatorName')} />
          <TextField label="Coordinator department" autoComplete="off" maxLength={100} {...form.field('coordinatorDept')} />
        </div>
        <RadioGroupField label="Status" options={statusOptions} {...form.field('isActive', 'choice')} />
      </fieldset>
      {outcome && done && (
        <div ref={doneRef} tabIndex={-1}>
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      )}
      <div className="admin-form__actions">
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy || done}>
          {event ? (busy ? 'Updating...' : 'Update Event') : busy ? 'Creating...' : 'Create Event'}
        </button>
      </div>
    </form>
  );
}

/** The group-only fields: team sizes and the per-gender team limits. */
function TeamFields({ form }: { form: ReturnType<typeof useForm<EventValues>> }) {
  return (
    <fieldset className="event-form__group">
      <legend>Teams</legend>
      <div className="event-form__row">
        <TextField label="Minimum team size" type="number" inputMode="numeric" min={1} max={20} {...form.field('minTeamSize')} />
        <TextField label="Maximum team size" type="number" inputMode="numeric" min={1} max={20} {...form.field('maxTeamSize')} />
      </div>
      <CheckboxField
        label="Separate limits for boys' and girls' teams"
        checked={form.values.hasGenderBasedTeams === 'true'}
        onCheckedChange={(checked) => form.setValue('hasGenderBasedTeams', checked ? 'true' : '')}
      />
      {isGenderBased(form.values) && (
        <div className="event-form__row">
          <TextField label="Boys' teams at most" type="number" inputMode="numeric" min={0} hint="Empty: no limit." {...form.field('maxBoyTeams')} />
          <TextField label="Girls' teams at most" type="number" inputMode="numeric" min={0} hint="Empty: no limit." {...form.field('maxGirlTeams')} />
        </div>
      )}
    </fieldset>
  );
}

/**
 * The staff in-charge rule lives beside the form's own (its value is a list, not text): it shows
 * once the form was submitted or the server refused the list, and a blocked submission moves
 * focus to the first field in error, as the form does for its fields.
 */
function useStaffError(count: number, formRef: RefObject<HTMLFormElement | null>) {
  const [checked, setChecked] = useState(false);
  // The server's message holds until the list is edited (its length changes), as a field's does.
  const [server, setServer] = useState<{ message: string; count: number } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formRef]);
  const serverMessage = server?.count === count ? server.message : undefined;
  return {
    message: serverMessage ?? (checked && count === 0 ? STAFF_REQUIRED : undefined),
    check: () => setChecked(true),
    show: () => setFocusRequest((n) => n + 1),
    setServer: (message: string | undefined) => setServer(message ? { message, count } : null),
  };
}
