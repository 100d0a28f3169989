import { TextField } from '../../components/FormField';
import { zoneName } from '../../lib/festival-wall-clock';
import type { useForm } from '../../lib/use-form';
import type { NameAndDates } from './settings-rules';

/** A festival's days and registration window, as the settings and next year's festival both ask them. */
export function FestivalDatesFields({ form }: { form: Pick<ReturnType<typeof useForm<NameAndDates>>, 'field'> }) {
  const campusTime = `Campus time (${zoneName()}).`;
  return (
    <>
      <div className="event-form__row">
        <TextField label="First day" type="date" {...form.field('firstDay')} />
        <TextField label="Last day" type="date" hint="The same as the first day for a one-day festival." {...form.field('lastDay')} />
      </div>
      <div className="event-form__row">
        <TextField label="Registration opens" type="datetime-local" hint={campusTime} {...form.field('registrationOpensAt')} />
        <TextField
          label="Registration closes"
          type="datetime-local"
          hint={`${campusTime} Leave empty to let each event's deadline and start close it.`}
          {...form.field('registrationClosesAt')}
        />
      </div>
    </>
  );
}
