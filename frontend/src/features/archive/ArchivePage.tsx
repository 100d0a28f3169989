import { useSearchParams } from 'react-router-dom';
import { useGetEditionResultsQuery, useGetEditionsQuery } from '../../api/results-api';
import type { Edition, EventResults } from '../../api/types';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { SectionLink } from '../../components/SectionLink';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { WinnerPlaces } from '../../components/WinnerPlaces';
import { homeSections } from '../../config/paths';
import { DEFAULT_CLUB } from '../../config/product';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../components/panel.css';
import './archive.css';

/** A festival's days in words: "30 Aug 2025", or "29 Aug 2026 to 30 Aug 2026". */
const daysOf = (edition: Edition) =>
  edition.firstDay === edition.lastDay ? formatDate(edition.firstDay) : `${formatDate(edition.firstDay)} to ${formatDate(edition.lastDay)}`;

/**
 * /results (everyone): the winners of earlier festivals, one festival at a time, the latest
 * first. A festival joins the archive when the super admin starts the next one; it never changes.
 */
export function ArchivePage() {
  useDocumentTitle('Past Results');
  const { data: editions, error, isFetching, refetch } = useGetEditionsQuery();
  let view;
  if (editions) {
    const past = editions.filter((edition) => !edition.open);
    view = past.length === 0 ? <NoPastFestivals /> : <PastFestival editions={past} />;
  } else if (error) {
    view = <LoadError title="Failed to load past festivals" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  } else {
    view = <Spinner label="Loading past festivals…" page />;
  }
  return (
    <div className="page page--narrow archive-page">
      <PageHeader eyebrow="Archive" title="Past Results">
        The winners of every earlier festival, kept as they were announced.
      </PageHeader>
      {view}
    </div>
  );
}

function NoPastFestivals() {
  return (
    <StatusPanel
      title="No past festivals yet"
      actions={
        <SectionLink section={homeSections.events} className="button button--primary">
          Browse Events
        </SectionLink>
      }
    >
      <p>When this festival is over and the next one starts, its winners will be kept here.</p>
    </StatusPanel>
  );
}

/** The festival chosen (the latest unless the address names one), with a choice of the others. */
function PastFestival({ editions }: { editions: Edition[] }) {
  const [params, setParams] = useSearchParams();
  const named = editions.find((edition) => String(edition.id) === params.get('edition'));
  const edition = named ?? editions[0];
  return (
    <>
      {editions.length > 1 && (
        <div className="field archive-page__choice">
          <label htmlFor="archive-edition">Festival</label>
          <select id="archive-edition" value={edition.id} onChange={(event) => setParams({ edition: event.target.value }, { replace: true })}>
            {editions.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name} ({daysOf(option)})
              </option>
            ))}
          </select>
        </div>
      )}
      <EditionResults edition={edition} />
    </>
  );
}

function EditionResults({ edition }: { edition: Edition }) {
  const { data, error, isFetching, refetch } = useGetEditionResultsQuery(edition.id);
  if (error) return <LoadError title={`Failed to load the results of ${edition.name}`} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (!data) return <Spinner label={`Loading the results of ${edition.name}…`} />;
  return (
    <section className="archive-page__edition" aria-labelledby="archive-edition-name">
      <h2 id="archive-edition-name" className="panel__title">
        {edition.name}
      </h2>
      <p className="panel__hint">{daysOf(edition)}</p>
      {data.results.length === 0 ? (
        <p className="archive-page__empty">No winners were announced at {edition.name}.</p>
      ) : (
        <ul className="archive-page__events">
          {data.results.map((results) => (
            <li key={results.event._id}>
              <EventWinners results={results} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EventWinners({ results }: { results: EventResults }) {
  const { event } = results;
  return (
    <article className="card archive-page__event">
      <h3 className="archive-page__event-name">{event.name}</h3>
      <p className="archive-page__event-meta">
        {event.clubInCharge ?? DEFAULT_CLUB}
        {event.eventDate && (
          <>
            {' · '}
            <time dateTime={event.eventDate}>{formatDate(event.eventDate)}</time>
          </>
        )}
      </p>
      <WinnerPlaces winners={results.winners} label={`Winners of ${event.name}`} />
    </article>
  );
}
