import type { WaitlistViews } from '../../components/WaitlistViews';
import { OfferNotifications } from './OfferNotifications';
import { EventPlace, TeamPlace } from './Places';

/** The views other features draw the waitlist with, handed over by the app. */
export const waitlistViews: WaitlistViews = { EventPlace, TeamPlace, OfferNotifications };
