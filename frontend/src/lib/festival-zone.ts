// The festival's dates read the same for every visitor, in the festival's own time zone, wherever
// their browser thinks it is. The zone is one of the festival's settings: the app's layout sets it
// here as soon as the festival loads, before its pages render.

/** The zone used until the festival's settings say theirs: where the festival was before it could be set. */
export const ZONE_UNTIL_SETTINGS = 'Asia/Kolkata';

let zoneInForce = ZONE_UNTIL_SETTINGS;

/** The festival's time zone, an IANA name (`Asia/Kolkata`). */
export const festivalTimeZone = (): string => zoneInForce;

/**
 * Makes `zone` the festival's. A zone this browser does not know keeps the one in force: every
 * date would otherwise fail to format, and a page of slightly shifted times beats no page.
 */
export function setFestivalTimeZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    zoneInForce = zone;
  } catch {
    // RangeError: the browser's list of zones lacks it.
  }
}

/**
 * A formatter for `options`, in `zone` (the festival's unless named). One is made per zone and
 * kept: making an Intl.DateTimeFormat is slow, and a list of events formats hundreds of dates.
 */
export function zonedFormat(locale: string, options: Intl.DateTimeFormatOptions): (zone?: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (zone = zoneInForce) => {
    let format = byZone.get(zone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
      byZone.set(zone, format);
    }
    return format;
  };
}
