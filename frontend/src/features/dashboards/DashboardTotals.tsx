import { Fact } from '../../components/Fact';
import { formatDateTime } from '../../lib/dates';

/** When the figures were read, and the totals under it (clubs, events, registrations), as both dashboards head their events. */
export function DashboardTotals({ lastUpdated, totals }: { lastUpdated: string; totals: [label: string, value: string | number][] }) {
  return (
    <>
      <p className="panel__hint">Last updated {formatDateTime(lastUpdated)}</p>
      <dl className="facts dashboard-totals">
        {totals.map(([label, value]) => (
          <Fact key={label} label={label}>
            {value}
          </Fact>
        ))}
      </dl>
    </>
  );
}
