import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { FestEvent } from '../../api/types';
import { StatusPanel } from '../../components/StatusPanel';
import { eventsHeadingId, homeSections } from '../../config/paths';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { clubOptions, filtersFromSearch, matchesFilters, NO_FILTERS, searchOfFilters, type EventFilters } from './event-rules';
import { EventCard } from './EventCard';
import { EventFilterBar } from './EventFilterBar';
import { useGetEventsQuery } from './events-api';
import { EventsLoadError } from './EventsLoadError';
import { useRegistrationClock } from './registration-opening';
import { useLiveSeats } from './use-live-seats';
import './events.css';

/** Filters apply this long after the last change, not on every keystroke. */
const FILTER_DELAY_MS = 300;

const SKELETON_CARDS = 6;

export function EventsSection() {
  const { data: events, isLoading, error, isFetching, refetch } = useGetEventsQuery();
  // Seat bars and Registration Full follow the seats as they go, without reloading the list.
  useLiveSeats();
  const [filters, setFilters] = useFiltersInAddress();
  const applied = useDebouncedValue(filters, FILTER_DELAY_MS);
  const clubs = useMemo(() => clubOptions(events ?? []), [events]);

  return (
    <section id={homeSections.events} className="section events" aria-labelledby={eventsHeadingId}>
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">Line-up</p>
          {/* The skip link's target, which takes focus. */}
          <h2 id={eventsHeadingId} tabIndex={-1}>
            Events
          </h2>
          <p className="section__lead">Find your stage: search by name or club, or narrow the list by type.</p>
        </header>
        <EventFilterBar filters={filters} clubs={clubs} onChange={setFilters} />
        {isLoading && <EventSkeletons />}
        {events ? (
          <EventResults events={events} filters={applied} onClear={() => setFilters(NO_FILTERS)} />
        ) : (
          error && <EventsLoadError error={error} retrying={isFetching} onRetry={() => void refetch()} />
        )}
      </div>
    </section>
  );
}

/**
 * The filters, kept in the address so a shared link or Back restores them. The router applies an
 * address change as a transition, later than the keystroke, so a search box bound to the address
 * itself would drop quick keystrokes on a busy phone. The filters are therefore state, updated at
 * once and written to the address; an address arriving later is adopted only when it did not come
 * from one of those writes (Back, Forward, a link).
 */
function useFiltersInAddress(): [EventFilters, (next: EventFilters) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const [filters, setFilters] = useState(() => filtersFromSearch(params));
  const writes = useRef({ seen: query, pending: [] as string[] });
  useEffect(() => {
    const { current } = writes;
    if (query === current.seen) return;
    current.seen = query;
    const ours = current.pending.indexOf(query);
    if (ours >= 0) current.pending.splice(0, ours + 1);
    else setFilters(filtersFromSearch(new URLSearchParams(query)));
  }, [query]);
  const change = (next: EventFilters) => {
    setFilters(next);
    const search = searchOfFilters(next).toString();
    writes.current.pending.push(search);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return [filters, change];
}

function EventResults({ events, filters, onClear }: { events: FestEvent[]; filters: EventFilters; onClear: () => void }) {
  const visible = useMemo(() => events.filter((event) => matchesFilters(event, filters)), [events, filters]);
  // One clock for every card, so they judge the same moment; it ticks until registration opens.
  const { now } = useRegistrationClock();
  useCardFromAddress(visible.length > 0);
  return (
    <>
      <p className="events__count" role="status">
        Showing {visible.length} of {events.length} events
      </p>
      {visible.length === 0 ? (
        <StatusPanel
          title="No events found. Try adjusting your filters."
          headingLevel={3}
          actions={
            // The search, the type and the club at once: the bar clears only its search box.
            <button type="button" className="button button--ghost" onClick={onClear}>
              Clear filters
            </button>
          }
        />
      ) : (
        <ul className="event-grid">
          {visible.map((event) => (
            <li key={event._id}>
              <EventCard event={event} now={now} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * Back from signing in (the address names the card whose Register was pressed): once the cards
 * are shown, focus that card's action, which also scrolls it into view.
 */
function useCardFromAddress(shown: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!shown || !hash) return;
    const card = document.getElementById(decodeURIComponent(hash.slice(1)));
    card?.querySelector<HTMLElement>('.event-card__action button, .event-card__action [tabindex]')?.focus();
  }, [shown, hash]);
}

function EventSkeletons() {
  return (
    <div className="event-grid" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading events…
      </span>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <div key={index} className="card event-card event-card--skeleton" aria-hidden="true">
          <span className="skeleton skeleton--badge" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--bar" />
        </div>
      ))}
    </div>
  );
}
