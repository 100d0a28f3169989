import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/base-api';
import type { FestivalSettings } from '../../api/types';
import { Alert } from '../../components/Alert';
import { CheckboxField, TextAreaField, TextField } from '../../components/FormField';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { festivalTimeZone } from '../../lib/festival-zone';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useForm } from '../../lib/use-form';
import { useOutcome } from '../../toasts/use-outcome';
import { useGetFestivalSettingsQuery, useSaveFestivalSettingsMutation } from './festival-settings-api';
import { FestivalDatesFields } from './FestivalDatesFields';
import { formFieldErrors, LIMITS, settingsErrors, settingsPayload, settingsValues, SIGNATORY_PLACES, type SettingsValues } from './settings-rules';
import { SignatureImageField } from './SignatureImageField';
import { TimeZoneField } from './TimeZoneField';
import '../../components/panel.css';
import '../../components/admin.css';

/**
 * /admin/festival (super admin): the festival's name and texts, its days, its registration
 * window, the rules across events and the about-the-institution section, saved together. A save
 * holds at once for everyone; one made over another admin's newer save is refused, and Reload
 * shows theirs. Below, the way to next year's festival.
 */
export function FestivalSettingsPage() {
  useDocumentTitle('Festival Settings');
  const { data: settings, error, isFetching, refetch } = useGetFestivalSettingsQuery();
  // Bumped by Reload, so the form starts again from the settings as they now stand.
  const [generation, setGeneration] = useState(0);
  const reload = async () => {
    await refetch();
    setGeneration((n) => n + 1);
  };
  let view;
  if (error && !settings) {
    view = <LoadError title="Failed to load the festival settings" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  } else if (!settings) {
    view = <Spinner label="Loading the festival settings…" page />;
  } else {
    view = (
      <>
        <SettingsForm key={generation} settings={settings} onReload={reload} />
        <NextFestival settings={settings} />
      </>
    );
  }
  return (
    <div className="page page--narrow admin-page">
      <PageHeader eyebrow="Super Admin" title="Festival Settings">
        What the home page says, when the festival happens and registration is open, and the rules every event shares. A save holds at once, for everyone.
      </PageHeader>
      {view}
    </div>
  );
}

/** Where next year's festival is started (a page of its own: it closes this one for good). */
function NextFestival({ settings }: { settings: FestivalSettings }) {
  return (
    <section className="panel next-festival" aria-labelledby="next-festival-title">
      <h2 id="next-festival-title" className="panel__title">
        Next year's festival
      </h2>
      <p className="panel__hint">
        When {settings.name} is over, start the next one: this festival is then kept as it is, read-only, and its winners move to Past Results.
      </p>
      <Link to={paths.nextFestival} className="button button--ghost">
        Start Next Year's Festival
      </Link>
    </section>
  );
}

/** Since when the settings stand, or that they are still the first start's. */
function SavedLine({ settings }: { settings: FestivalSettings }) {
  return (
    <p className="field__hint">
      {settings.updatedAt
        ? `Last saved ${formatDateTime(settings.updatedAt)}.`
        : "Not saved yet: these are the server's starting values. Saving them makes them the festival's."}
    </p>
  );
}

function SettingsForm({ settings, onReload }: { settings: FestivalSettings; onReload: () => Promise<void> }) {
  const form = useForm<SettingsValues>(settingsValues(settings), settingsErrors);
  const [save, saving] = useSaveFestivalSettingsMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const [version, setVersion] = useState(settings.version);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  // Signature images on their way: the form is not saved without them.
  const [uploads, setUploads] = useState(0);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The outcome is said beside the Save button, and the keyboard lands on it.
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const submit = form.handleSubmit(async (values) => {
    clear();
    setStale(false);
    const result = await save(settingsPayload(values, version));
    if (result.error) {
      setStale(isApiError(result.error) && result.error.status === 409);
      failed(result.error, 'Failed to save the festival settings', { setServerErrors: (byField) => form.setServerErrors(formFieldErrors(byField, values)) });
      return;
    }
    setVersion(result.data.settings.version);
    // A new time zone draws every page again (the app's layout), this form with it: a toast outlives it.
    const redrawn = result.data.settings.timeZone !== festivalTimeZone();
    succeeded(result.data.message, redrawn ? result.data.message : undefined);
  });
  const reload = async () => {
    setReloading(true);
    await onReload();
  };

  const values = form.values;
  return (
    <form
      ref={form.formRef}
      className="admin-form event-form"
      onSubmit={uploads ? (event) => event.preventDefault() : submit}
      noValidate
      aria-label="Festival settings"
    >
      <SavedLine settings={settings} />
      <fieldset className="event-form__fields" disabled={saving.isLoading || reloading}>
        <fieldset className="event-form__group">
          <legend>The festival</legend>
          <TextField label="Festival name" autoComplete="off" maxLength={LIMITS.name} hint="Shown with its year on the home page." {...form.field('name')} />
          <TextAreaField label="Tagline" rows={2} maxLength={LIMITS.tagline} hint="The sentence under the home page's title." {...form.field('tagline')} />
        </fieldset>
        <fieldset className="event-form__group">
          <legend>Dates</legend>
          <FestivalDatesFields form={form} />
          <TimeZoneField form={form} saved={settings.timeZone} />
        </fieldset>
        <fieldset className="event-form__group">
          <legend>Rules for every event</legend>
          <div className="event-form__row">
            <TextField
              label="Cap per student"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              hint="The most events a student may hold a place in; 0 for no cap. A lower cap applies to new registrations."
              {...form.field('maxRegistrationsPerStudent')}
            />
            <TextField
              label="Waitlist hold"
              type="number"
              inputMode="numeric"
              min={1}
              max={168}
              hint="Hours a seat offered to the head of a waitlist is kept for them."
              {...form.field('waitlistOfferHours')}
            />
          </div>
          <CheckboxField
            label="Clash check"
            hint="Refuse a registration for an event at the same time as one the student already holds."
            checked={values.clashCheck === 'true'}
            onCheckedChange={(checked) => form.setValue('clashCheck', checked ? 'true' : '')}
          />
          <TextField
            label="Event length"
            type="number"
            inputMode="numeric"
            min={15}
            max={1440}
            hint="Minutes an event without a set end is taken to last (for the clash check and calendar invites)."
            {...form.field('eventLengthMinutes')}
          />
        </fieldset>
        <fieldset className="event-form__group">
          <legend>About the institution</legend>
          <TextAreaField label="Introduction" rows={2} maxLength={LIMITS.lead} hint="The sentence under the section's title." {...form.field('lead')} />
          <TextAreaField label="Accreditation" rows={3} maxLength={LIMITS.paragraph} {...form.field('accreditation')} />
          <div className="event-form__row">
            <TextAreaField label="Undergraduate programmes" rows={6} hint="One per line." {...form.field('undergraduateProgrammes')} />
            <TextAreaField label="Postgraduate programmes" rows={6} hint="One per line." {...form.field('postgraduateProgrammes')} />
          </div>
          <TextAreaField label="Vision" rows={3} maxLength={LIMITS.paragraph} {...form.field('vision')} />
          <TextAreaField label="Mission" rows={3} maxLength={LIMITS.paragraph} {...form.field('mission')} />
          <div className="event-form__row">
            <TextField label="Contact e-mail" type="email" autoComplete="off" hint="Leave empty for none." {...form.field('contactEmail')} />
            <TextField label="Contact phone" type="tel" autoComplete="off" hint="Leave empty for none." {...form.field('contactPhone')} />
          </div>
          <TextAreaField label="Contact note" rows={2} maxLength={LIMITS.contactNote} hint="Where to ask, and when." {...form.field('contactNote')} />
        </fieldset>
        <fieldset className="event-form__group">
          <legend>Certificates</legend>
          <TextField
            label="Institution name"
            autoComplete="organization"
            maxLength={LIMITS.institutionName}
            hint="Printed at the top of every certificate. Certificates are issued once it and one signatory are set."
            {...form.field('institutionName')}
          />
          {SIGNATORY_PLACES.map((place) => (
            <div key={place} className="signatory-fields">
              <div className="event-form__row">
                <TextField label={`Signatory ${place}: name`} autoComplete="off" maxLength={LIMITS.signatory} {...form.field(`signatory${place}Name`)} />
                <TextField
                  label={`Signatory ${place}: title`}
                  autoComplete="off"
                  maxLength={LIMITS.signatory}
                  hint="Such as Principal."
                  {...form.field(`signatory${place}Title`)}
                />
              </div>
              <SignatureImageField
                place={place}
                signatory={values[`signatory${place}Name`]}
                onUploadingChange={(uploading) => setUploads((n) => n + (uploading ? 1 : -1))}
                {...form.field(`signatory${place}ImageId`)}
              />
            </div>
          ))}
        </fieldset>
      </fieldset>
      {outcome && (
        <div ref={outcomeRef} tabIndex={-1}>
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      )}
      <div className="admin-form__actions">
        {stale && (
          <button type="button" className="button button--ghost" onClick={() => void reload()} disabled={reloading}>
            {reloading ? 'Reloading...' : 'Reload'}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={saving.isLoading || reloading || uploads > 0}>
          {saving.isLoading ? 'Saving...' : 'Save Settings'}
        </button>
      </div>
    </form>
  );
}
