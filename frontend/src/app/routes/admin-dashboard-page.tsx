import { AdminDashboardPage as Dashboard } from '../../features/dashboards/AdminDashboardPage';
import { EventDayPanel } from '../../features/event-day/EventDayPanel';

/** /admin/dashboard: the club's figures (the dashboards feature), each event's event day under them. */
export function AdminDashboardPage() {
  return <Dashboard eventDay={EventDayPanel} />;
}
