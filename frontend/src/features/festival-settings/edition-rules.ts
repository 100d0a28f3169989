import type { FestivalSettings } from '../../api/types';
import { fromCampusInput } from '../../lib/campus-input';
import { wallTimeToInstant } from '../../lib/festival-wall-clock';
import { failing } from '../../lib/use-form';
import type { StartEditionForm } from './festival-settings-api';
import { nameAndDatesErrors, type NameAndDates } from './settings-rules';

/** Next year's festival as its form holds it. */
export interface EditionValues extends NameAndDates {
  [field: string]: string;
  earlyCloseReason: string;
  confirmName: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const REASON_LIMIT = 500;

/**
 * When the festival's days are over: midnight on campus after its last day. The next day is found
 * on the calendar and its midnight in the festival's zone, since a day of daylight saving's change
 * is not 24 hours long.
 */
export function festivalOverAt(settings: Pick<FestivalSettings, 'lastDay'>): number {
  const dayAfter = new Date(Date.parse(`${settings.lastDay}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return wallTimeToInstant(`${dayAfter}T00:00`);
}

/** Whether `typed` names the current festival, as the server compares them (spaces around and case aside). */
export const confirms = (typed: string, settings: Pick<FestivalSettings, 'name'>): boolean => typed.trim().toLowerCase() === settings.name.trim().toLowerCase();

export const emptyEdition = (): EditionValues => ({
  name: '',
  firstDay: '',
  lastDay: '',
  registrationOpensAt: '',
  registrationClosesAt: '',
  earlyCloseReason: '',
  confirmName: '',
});

/** The server's rules for next year's festival, against the current one's settings; the server checks them again. */
export const editionErrors = (current: FestivalSettings, early: boolean) => (values: EditionValues) => {
  const shared = nameAndDatesErrors(values);
  const reason = values.earlyCloseReason.trim();
  return failing<EditionValues>({
    ...shared,
    firstDay:
      shared.firstDay ??
      (values.firstDay <= current.lastDay ? `The next festival must begin after ${current.lastDay}, the last day of ${current.name}` : undefined),
    earlyCloseReason:
      early && !reason
        ? `Say why ${current.name} must close before its days are over`
        : reason.length > REASON_LIMIT
          ? `Reason must be at most ${REASON_LIMIT} characters`
          : undefined,
    confirmName: confirms(values.confirmName, current) ? undefined : `Type the current festival's name, ${current.name}, to confirm`,
  });
};

export function editionPayload(values: EditionValues, version: number): StartEditionForm {
  const reason = values.earlyCloseReason.trim();
  return {
    confirmName: values.confirmName,
    name: values.name,
    firstDay: values.firstDay,
    lastDay: values.lastDay,
    registrationOpensAt: fromCampusInput(values.registrationOpensAt) ?? '',
    registrationClosesAt: fromCampusInput(values.registrationClosesAt),
    ...(reason ? { earlyCloseReason: reason } : {}),
    version,
  };
}
