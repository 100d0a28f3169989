import { failureMessage } from '../../api/base-api';
import { useSession } from '../../session/use-session';
import { useSetEventRemindersMutation } from './registrations-api';

const LABEL = 'E-mail me a reminder the day before each event';

/**
 * The student's choice of the day-before reminder e-mails, saved as soon as it is switched.
 * While it saves the switch shows the choice asked for; once saved, the server's answer until
 * the reloaded session carries it.
 */
export function ReminderSwitch() {
  const { user } = useSession();
  const [save, { isLoading: saving, isSuccess: saved, isError: failed, error, originalArgs, data }] = useSetEventRemindersMutation();
  if (user?.role !== 'student') return null;
  const checked = saving ? Boolean(originalArgs) : saved && data !== undefined ? data : user.eventReminders;
  return (
    <section className="panel reminder-setting" aria-labelledby="reminder-setting-title">
      <h2 id="reminder-setting-title" className="visually-hidden">
        Reminders
      </h2>
      <label className="reminder-switch">
        <input
          type="checkbox"
          role="switch"
          className="reminder-switch__input"
          checked={checked}
          aria-busy={saving}
          aria-describedby="reminder-setting-state"
          onChange={(event) => {
            // One change at a time: the next is taken once this one is saved.
            if (!saving) void save(event.target.checked);
          }}
        />
        <span className="reminder-switch__track" aria-hidden="true" />
        <span className="reminder-switch__label">{LABEL}</span>
      </label>
      <p id="reminder-setting-state" className="reminder-setting__state" aria-live="polite">
        {saving ? 'Saving…' : saved ? 'Saved' : null}
      </p>
      {failed && (
        <p className="reminder-setting__error" role="alert">
          {failureMessage(error, 'Your choice could not be saved. Please try again.')}
        </p>
      )}
    </section>
  );
}
