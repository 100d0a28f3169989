import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { FestEvent } from '../../api/types';
import { lazyComponent } from '../../components/lazy-component';
import { eventPath, eventRegistrationPath, paths, returnTo } from '../../config/paths';
import { useSession } from '../../session/use-session';

const ConfirmRegistrationModal = lazyComponent(async () => (await import('./ConfirmRegistrationModal')).ConfirmRegistrationModal);

interface RegisterButtonProps {
  event: FestEvent;
  className: string;
  /**
   * Shown instead of the button while registration is not open. The confirm modal stays mounted
   * through that change, so a refusal ("Registration Full") stays readable after the seat counts refresh.
   */
  unavailable?: ReactNode;
  /** The id of the element to come back to after signing in (a card on the home page). */
  anchor?: string;
}

/**
 * Register, by event type: a visitor signs in first; solo asks for confirmation in a modal;
 * group goes to the event page, where teams are formed; other types go to the enrollment page.
 */
export function RegisterButton({ event, className, unavailable = null, anchor }: RegisterButtonProps) {
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [registered, setRegistered] = useState(false);
  const result = useRef<HTMLDivElement>(null);

  // The button that had focus is gone once registered: focus moves to what replaced it, the result.
  const showsResult = Boolean(unavailable);
  useEffect(() => {
    if (registered && !confirming && showsResult) result.current?.focus();
  }, [registered, confirming, showsResult]);

  const preloadConfirmation = () => {
    if (user && event.event_type === 'solo') ConfirmRegistrationModal.preload();
  };

  const register = () => {
    if (!user) navigate(paths.signIn, { state: returnTo(anchor ? { ...location, hash: `#${anchor}` } : location) });
    else if (event.event_type === 'solo') setConfirming(true);
    else if (event.event_type === 'group') navigate(eventPath(event._id, event.name));
    else navigate(eventRegistrationPath(event._id));
  };

  return (
    <>
      {unavailable ? (
        <div ref={result} className="register-result" tabIndex={-1} data-focus-landing>
          {unavailable}
        </div>
      ) : (
        <button
          type="button"
          className={className}
          aria-label={`Register for ${event.name}`}
          onClick={register}
          // Pointing at or tabbing to Register is the intent: the confirmation's code arrives first.
          onPointerEnter={preloadConfirmation}
          onFocus={preloadConfirmation}
        >
          Register
        </button>
      )}
      {confirming && user && (
        <Suspense fallback={null}>
          <ConfirmRegistrationModal
            event={event}
            user={user}
            onClose={() => setConfirming(false)}
            onRegistered={() => {
              setRegistered(true);
              setConfirming(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
