import { useEffect, useRef } from 'react';
import type { FestivalSettings } from '../../api/types';
import { Alert } from '../../components/Alert';
import { TextAreaField, TextField } from '../../components/FormField';
import { formatLongDate } from '../../lib/dates';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { confirms, editionErrors, editionPayload, emptyEdition, festivalOverAt, REASON_LIMIT, type EditionValues } from './edition-rules';
import { useStartEditionMutation } from './festival-settings-api';
import { FestivalDatesFields } from './FestivalDatesFields';
import { LIMITS } from './settings-rules';

interface StartEditionFormProps {
  settings: FestivalSettings;
  /** After the start, with the server's message. */
  onStarted: (message: string) => Promise<void>;
}

/**
 * Next year's festival: its name, days and registration window. Starting it closes the current
 * festival for good (kept read-only, its winners in Past Results), so it is confirmed by typing
 * the current festival's name, and before that festival's days are over it needs a reason.
 */
export function StartEditionForm({ settings, onStarted }: StartEditionFormProps) {
  const early = Date.now() < festivalOverAt(settings);
  const form = useForm<EditionValues>(emptyEdition(), editionErrors(settings, early));
  const [start, starting] = useStartEditionMutation();
  const { outcome, clear, failed } = useOutcome();
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const submit = form.handleSubmit(async (values) => {
    clear();
    const result = await start(editionPayload(values, settings.version));
    if (result.error) {
      failed(result.error, "Failed to start next year's festival", { setServerErrors: form.setServerErrors });
      return;
    }
    await onStarted(result.data.message);
  });

  return (
    <>
      <Alert tone="info">
        Starting it closes {settings.name} for good: its events, registrations, attendance and winners are kept as they are, read-only, and its winners move to
        Past Results. Accounts, clubs and club admins carry over, as do the rules and the about section; the club admins then create the new festival's events.
      </Alert>
      <form ref={form.formRef} className="admin-form event-form" onSubmit={submit} noValidate aria-label="Next year's festival">
        <fieldset className="event-form__fields" disabled={starting.isLoading}>
          <TextField label="Festival name" autoComplete="off" maxLength={LIMITS.name} hint="As the home page will show it." {...form.field('name')} />
          <FestivalDatesFields form={form} />
          {early && (
            <TextAreaField
              label="Why start it now"
              rows={2}
              maxLength={REASON_LIMIT}
              hint={`${settings.name} runs until ${formatLongDate(settings.lastDay)}. Closing it before then needs a reason, which the audit trail keeps.`}
              {...form.field('earlyCloseReason')}
            />
          )}
          <TextField label={`Type ${settings.name} to confirm`} autoComplete="off" spellCheck={false} {...form.field('confirmName')} />
        </fieldset>
        {outcome && (
          <div ref={outcomeRef} tabIndex={-1}>
            <Alert tone={outcome.tone}>{outcome.text}</Alert>
          </div>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="button button--danger" disabled={starting.isLoading || !confirms(form.values.confirmName, settings)}>
            {starting.isLoading ? 'Starting...' : 'Start Next Festival'}
          </button>
        </div>
      </form>
    </>
  );
}
