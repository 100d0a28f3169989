import { createContext, useContext, type ReactNode } from 'react';
import { useClockUntil } from '../../lib/use-clock-until';

/**
 * When the festival's registration opens, a festival fact the events feature cannot load itself
 * (features stay out of each other): the layout provides it once the festival has loaded.
 */
const RegistrationOpensAt = createContext<string | undefined>(undefined);

export function RegistrationOpeningProvider({ opensAt, children }: { opensAt: string | undefined; children: ReactNode }) {
  return <RegistrationOpensAt.Provider value={opensAt}>{children}</RegistrationOpensAt.Provider>;
}

export const useRegistrationOpensAt = (): string | undefined => useContext(RegistrationOpensAt);

/** The opening date and a clock that ticks each second until it, so counts down and gates change on time. */
export function useRegistrationClock(): { opensAt: string | undefined; now: number } {
  const opensAt = useRegistrationOpensAt();
  const now = useClockUntil(opensAt === undefined ? undefined : Date.parse(opensAt));
  return { opensAt, now };
}
