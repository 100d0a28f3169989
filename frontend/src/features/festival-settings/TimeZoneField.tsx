import { useMemo } from 'react';
import { SelectField, type Option } from '../../components/FormField';
import type { useForm } from '../../lib/use-form';
import type { SettingsValues } from './settings-rules';

/**
 * Every zone this browser knows, and the saved one even when it is not among them: a browser's
 * list can lag the server's, or name a zone by an older name (`Asia/Calcutta` for `Asia/Kolkata`).
 */
function zoneOptions(saved: string): Option[] {
  const known = Intl.supportedValuesOf('timeZone');
  const zones = known.includes(saved) ? known : [...known, saved].sort();
  return zones.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
}

/** The festival's time zone, chosen from the zones the browser knows. */
export function TimeZoneField({ form, saved }: { form: Pick<ReturnType<typeof useForm<Pick<SettingsValues, 'timeZone'>>>, 'field'>; saved: string }) {
  // Some four hundred zones: listed once, not on every keystroke in the form.
  const options = useMemo(() => zoneOptions(saved), [saved]);
  return (
    <SelectField
      label="Time zone"
      placeholder="Choose a time zone"
      options={options}
      hint="The festival's days, deadlines and times are read and shown in this zone. Dates already set keep their moment."
      {...form.field('timeZone', 'choice')}
    />
  );
}
