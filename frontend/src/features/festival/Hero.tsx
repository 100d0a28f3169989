import { useNavigate } from 'react-router-dom';
import type { Festival } from '../../api/types';
import { homeSections, paths } from '../../config/paths';
import { formatDate, formatLongDate, formatYear } from '../../lib/dates';
import { scrollToSection } from '../../lib/scroll';
import { useClockUntil } from '../../lib/use-clock-until';
import { useSession } from '../../session/use-session';
import { useToast } from '../../toasts/use-toast';
import { Countdown, CountdownPlaceholder } from './Countdown';
import { useGetFestivalQuery } from './festival-api';
import './festival.css';

/** The festival is one day long: from its start on `festivalDate` until a day later. */
const FESTIVAL_LENGTH_MS = 24 * 60 * 60 * 1000;

/**
 * Facts of the longest kind (a two-digit count, September's dates), laid out unseen while the
 * festival loads, so the facts and the countdown below them do not move when it arrives.
 */
const PLACEHOLDER_FESTIVAL: Festival = {
  festivalDate: '2000-09-28T00:00:00.000Z',
  registrationOpensAt: '2000-09-28T00:00:00.000Z',
  institutionEmailDomain: '',
  eventCount: 88,
};

const festivalEnd = (festival: Festival): number => Date.parse(festival.festivalDate) + FESTIVAL_LENGTH_MS;

export function Hero() {
  const { data: festival } = useGetFestivalQuery();
  const now = useClockUntil(festival && festivalEnd(festival));
  const over = festival !== undefined && now >= festivalEnd(festival);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{festival ? `Campus Festival ${formatYear(festival.festivalDate)}` : 'Campus Festival'}</p>
          <h1 id="hero-title" className="hero__title">
            Create. Compete. <span className="hero__highlight">Celebrate.</span>
          </h1>
          <p className="hero__lead">Every club&apos;s events in one place. Pick your stage, register solo or bring your team, and make this festival yours.</p>
          {!over && <HeroActions />}
          {festival ? <FestivalFacts festival={festival} /> : <FestivalFacts festival={PLACEHOLDER_FESTIVAL} hidden />}
        </div>
        <div className="hero__countdown">
          {over ? (
            <FestivalOver />
          ) : (
            <>
              <p className="hero__countdown-title">
                {festival && now >= Date.parse(festival.festivalDate) ? 'The festival is on today' : 'The festival starts in'}
              </p>
              {festival ? <Countdown target={festival.festivalDate} /> : <CountdownPlaceholder />}
            </>
          )}
        </div>
      </div>
    </section>
  );
}

function FestivalOver() {
  return (
    <>
      <p className="hero__countdown-title">The festival is over</p>
      <p className="hero__over">Thank you for joining in. Registration has closed for every event.</p>
    </>
  );
}

function HeroActions() {
  const { canEnroll, isAuthenticated } = useSession();
  const toast = useToast();
  const navigate = useNavigate();

  const enroll = () => {
    if (canEnroll) {
      scrollToSection(homeSections.events);
      return;
    }
    toast.info('Please login to enroll in events');
    navigate(paths.signIn);
  };

  return (
    <div className="hero__actions">
      <button type="button" className="button button--light button--large" onClick={enroll}>
        Enroll Now
      </button>
      {!isAuthenticated && (
        <button type="button" className="button button--outline-light button--large" onClick={() => void navigate(paths.signUp)}>
          Get Started
        </button>
      )}
    </div>
  );
}

function FestivalFacts({ festival, hidden = false }: { festival: Festival; hidden?: boolean }) {
  return (
    <ul className={hidden ? 'hero__facts hero__facts--placeholder' : 'hero__facts'} aria-hidden={hidden || undefined}>
      <li>
        <strong>{festival.eventCount} events</strong>
        <span>across the clubs</span>
      </li>
      <li>
        <strong>
          <time dateTime={festival.festivalDate}>{formatLongDate(festival.festivalDate)}</time>
        </strong>
        <span>festival day</span>
      </li>
      <li>
        <strong>
          <time dateTime={festival.registrationOpensAt}>{formatDate(festival.registrationOpensAt)}</time>
        </strong>
        <span>registration opens</span>
      </li>
    </ul>
  );
}
