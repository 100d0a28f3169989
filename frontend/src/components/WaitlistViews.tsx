import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { WaitlistEntry } from '../api/types';

/**
 * The waitlist's views, drawn inside other features' screens: an event's card and page, a team,
 * the bell. Features do not import each other, so the app hands them over here; a screen without
 * them (none provided) shows what it showed before the waitlist.
 */
export interface WaitlistViews {
  /**
   * On a full event: the student's place in its line (and its offer), else Join (solo events),
   * else `fallback`: the event's own "full" state. `pending` (else `fallback`) holds the place
   * while the student's places are not known yet.
   */
  EventPlace: ComponentType<{ eventId: string; eventName: string; soloEvent: boolean; fallback: ReactNode; pending?: ReactNode }>;
  /**
   * On a full group event: the team's place in line, else "Put team in line" when `canJoin`, else
   * `whyNot` (what the team still lacks), if any.
   */
  TeamPlace: ComponentType<{ eventId: string; teamId: string; canJoin: boolean; whyNot?: string }>;
  /** The bell's seats offered to the student, beside the team invites; `onAnswered` once one is accepted or declined. */
  OfferNotifications: ComponentType<{ offers: WaitlistEntry[]; onAnswered: () => void }>;
}

const WaitlistViewsContext = createContext<WaitlistViews | null>(null);

export const WaitlistViewsProvider = WaitlistViewsContext.Provider;

export const useWaitlistViews = (): WaitlistViews | null => useContext(WaitlistViewsContext);
