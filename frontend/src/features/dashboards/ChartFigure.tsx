import { Suspense, useId, type ReactNode } from 'react';
import { lazyComponent } from '../../components/lazy-component';
import { count } from '../../lib/count';
import type { DayCount, EventFill } from './charts';
import { everyDay } from './day-counts';
import { PanelEmpty } from './PanelEmpty';

// The chart library is fetched only when a chart is first shown, after the dashboard's figures.
const DayCountChart = lazyComponent(async () => (await import('./charts')).DayCountChart);
const FillChart = lazyComponent(async () => (await import('./charts')).FillChart);

interface ChartFigureProps {
  title: string;
  /** The chart's reading in one sentence, shown under the title. */
  summary: string;
  /** The text alternative's column headers and rows: what each bar names, and its number. */
  columns: [string, string];
  rows: [string, string][];
  /** The plot's height in pixels, kept while the chart's code loads so nothing jumps. */
  height: number;
  children: ReactNode;
}

/**
 * A chart with its text alternative: the caption says what it shows and a visually hidden table
 * gives every number, so the graphic itself is hidden from screen readers (and readable before
 * its code arrives).
 */
function ChartFigure({ title, summary, columns, rows, height, children }: ChartFigureProps) {
  const titleId = useId();
  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption className="chart__caption">
        <strong id={titleId} className="chart__title">
          {title}
        </strong>
        <span className="chart__summary">{summary}</span>
      </figcaption>
      {/* The chart hides itself from screen readers (the table speaks for it); a chart whose code
          did not arrive says so here, to everyone, with Try Again. */}
      <div className="chart__plot" style={{ height }}>
        <Suspense fallback={<span className="skeleton chart__placeholder" aria-hidden="true" />}>{children}</Suspense>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const dayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
/** "20 Aug" for the server's festival day "2025-08-20" (read as that calendar day, whatever the browser's zone). */
const dayLabel = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/**
 * Registrations per day; `scope` names whose ("every club", "Tech Club"). The bars and the summary
 * count every day of the span, empty ones too; the text alternative lists only the days with
 * registrations, since a row per empty day would make a screen reader read out a month of zeros.
 */
export function RegistrationsByDayFigure({ days, scope }: { days: DayCount[]; scope: string }) {
  const span = everyDay(days);
  if (span.length === 0) return <PanelEmpty title="No registrations yet" />;
  const active = span.filter(({ count }) => count > 0);
  const total = active.reduce((sum, { count }) => sum + count, 0);
  const busiest = active.reduce((best, day) => (day.count > best.count ? day : best));
  const first = dayLabel(span[0].day);
  const range = span.length === 1 ? `on ${first}` : `over ${count(span.length, 'day')} from ${first} to ${dayLabel(span[span.length - 1].day)}`;
  const quiet = span.length - active.length;
  return (
    <ChartFigure
      title={`Registrations per day, ${scope}`}
      summary={`${count(total, 'registration')} ${range}${quiet > 0 ? ` (${count(quiet, 'day')} with none)` : ''}; the busiest day was ${dayLabel(busiest.day)} with ${busiest.count}.`}
      columns={['Day', 'Registrations']}
      rows={active.map(({ day, count }) => [dayLabel(day), String(count)])}
      height={220}
    >
      <DayCountChart days={span} label={dayLabel} />
    </ChartFigure>
  );
}

/** Seats taken per event, fullest first; events without a seat limit have no fill and are left out. */
export function EventFillFigure({ events }: { events: { name: string; occupancy: number | null }[] }) {
  const limited = events
    .flatMap(({ name, occupancy }): EventFill[] => (occupancy === null ? [] : [{ name, occupancy }]))
    .sort((a, b) => b.occupancy - a.occupancy);
  if (limited.length === 0) return null;
  const full = limited.filter(({ occupancy }) => occupancy >= 100).length;
  return (
    <ChartFigure
      title="Seats filled per event"
      summary={`${count(limited.length, 'event')} with a seat limit, fullest first: ${limited[0].name} at ${limited[0].occupancy}%${full > 0 ? `; ${full} full` : ''}.`}
      columns={['Event', 'Filled']}
      rows={limited.map(({ name, occupancy }) => [name, `${occupancy}%`])}
      height={limited.length * 30 + 36}
    >
      <FillChart events={limited} />
    </ChartFigure>
  );
}
