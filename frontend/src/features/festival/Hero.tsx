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

/**
 * Facts of the longest kind (a two-digit count, September's dates), laid out unseen while the
 * festival loads, so the facts and the countdown below them do not move when it arrives.
 */
const PLACEHOLDER_FESTIVAL: Festival = {
  name: '',
  tagline: '',
  firstDay: '2000-09-28',
  lastDay: '2000-09-28',
  festivalDate: '2000-09-28T00:00:00.000Z',
  festivalEndsAt: '2000-09-29T00:00:00.000Z',
  registrationOpensAt: '2000-09-28T00:00:00.000Z',
  registrationClosesAt: null,
  timeZone: 'Asia/Kolkata',
  about: {
    lead: '',
    accreditation: '',
    undergraduateProgrammes: [],
    postgraduateProgrammes: [],
    vision: '',
    mission: '',
    contactEmail: '',
    contactPhone: '',
    contactNote: '',
  },
  institutionEmailDomain: '',
  eventCount: 88,
};

const festivalEnd = (festival: Festival): number => Date.parse(festival.festivalEndsAt);

/** "Techfest 2026": the festival's name with its year, unless the name already says one. */
const festivalTitle = (festival: Festival): string =>
  /\b\d{4}\b/.test(festival.name) ? festival.name : `${festival.name} ${formatYear(festival.festivalDate)}`;

export function Hero() {
  const { data: festival } = useGetFestivalQuery();
  const now = useClockUntil(festival && festivalEnd(festival));
  const over = festival !== undefined && now >= festivalEnd(festival);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner">
        <div className="hero__copy">
          <p className="hero__eyebrow">{festival ? festivalTitle(festival) : '\u00a0'}</p>
          <h1 id="hero-title" className="hero__title">
            Create. Compete. <span className="hero__highlight">Celebrate.</span>
          </h1>
          <p className="hero__lead">{festival?.tagline}</p>
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

/** The festival's day, or its first and last days when it runs over several. */
function FestivalDays({ festival }: { festival: Festival }) {
  const lastDayStarts = new Date(Date.parse(festival.festivalEndsAt) - 24 * 60 * 60 * 1000).toISOString();
  if (festival.firstDay === festival.lastDay) {
    return (
      <li>
        <strong>
          <time dateTime={festival.firstDay}>{formatLongDate(festival.festivalDate)}</time>
        </strong>
        <span>festival day</span>
      </li>
    );
  }
  return (
    <li>
      <strong>
        <time dateTime={festival.firstDay}>{formatDate(festival.festivalDate)}</time> – <time dateTime={festival.lastDay}>{formatDate(lastDayStarts)}</time>
      </strong>
      <span>festival days</span>
    </li>
  );
}

function FestivalFacts({ festival, hidden = false }: { festival: Festival; hidden?: boolean }) {
  return (
    <ul className={hidden ? 'hero__facts hero__facts--placeholder' : 'hero__facts'} aria-hidden={hidden || undefined}>
      <li>
        <strong>{festival.eventCount} events</strong>
        <span>across the clubs</span>
      </li>
      <FestivalDays festival={festival} />
      <li>
        <strong>
          <time dateTime={festival.registrationOpensAt}>{formatDate(festival.registrationOpensAt)}</time>
        </strong>
        <span>registration opens</span>
      </li>
    </ul>
  );
}
