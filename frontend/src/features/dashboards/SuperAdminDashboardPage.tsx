import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import type { ClubStats, DashboardStats } from '../../api/types';
import { Link } from '../../components/Link';
import { PageHeader } from '../../components/PageHeader';
import { QueryView } from '../../components/QueryView';
import { paths } from '../../config/paths';
import { count } from '../../lib/count';
import { formatDateTime } from '../../lib/dates';
import { allOf } from '../../lib/query-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSignedInUser } from '../../session/RequireAuth';
import { RegistrationsByDayFigure } from './ChartFigure';
import { useClubStats, useDashboardStats, useEventsRegistrations } from './dashboard-api';
import { DetailedEvents } from './DetailedEvents';
import { PanelEmpty } from './PanelEmpty';
import '../../components/panel.css';
import '../../components/admin.css';
import './dashboard.css';

const DETAILS_ID = 'detailed-events';

/** /super-admin/dashboard: the whole festival's figures; anyone else is sent to the Admin Dashboard (admin-side §2). */
export function SuperAdminDashboardPage() {
  const user = useSignedInUser();
  if (!user.isSuperAdmin) return <Navigate to={paths.adminDashboard} replace />;
  return <SuperAdminDashboard />;
}

function SuperAdminDashboard() {
  useDocumentTitle('Super Admin Dashboard');
  const stats = useDashboardStats();
  const clubStats = useClubStats();
  const [detailsOpen, setDetailsOpen] = useState(false);
  // The detailed panel's figures are read when it is first opened, then kept while it is hidden.
  const [detailsWanted, setDetailsWanted] = useState(false);
  const details = useEventsRegistrations(detailsWanted);
  const toggleDetails = () => {
    setDetailsWanted(true);
    setDetailsOpen((open) => !open);
  };
  const refresh = () => {
    void stats.refetch();
    void clubStats.refetch();
    if (detailsWanted) void details.refetch();
  };
  const figures = allOf(stats, clubStats);
  return (
    <div className="page admin-page dashboard">
      <PageHeader eyebrow="Super Admin" title="Super Admin Dashboard">
        Every club&apos;s events, admins and registrations. <span role="status">{stats.data && `Last updated ${formatDateTime(stats.data.lastUpdated)}`}</span>
      </PageHeader>
      <QueryView query={figures} errorTitle="Failed to load dashboard data" loadingLabel="Loading the dashboard…">
        {([overview]) => <StatCards stats={overview.stats} />}
      </QueryView>
      <section className="dashboard-section" aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="dashboard-section__title">
          Quick Actions
        </h2>
        <div className="quick-actions">
          <button type="button" className="button button--primary" aria-expanded={detailsOpen} aria-controls={DETAILS_ID} onClick={toggleDetails}>
            {detailsOpen ? 'Hide Detailed Events' : 'View Detailed Events'}
          </button>
          <Link to={paths.adminPeople} className="button button--ghost">
            People
          </Link>
          <Link to={paths.adminInvite} className="button button--ghost">
            Invite Admin
          </Link>
          <Link to={paths.adminClubs} className="button button--ghost">
            View All Clubs
          </Link>
          <Link to={paths.manageClubs} className="button button--ghost">
            Manage Clubs
          </Link>
          <Link to={paths.createEvent} className="button button--ghost">
            Create Event
          </Link>
          <Link to={paths.adminEvents} className="button button--ghost">
            Manage Events
          </Link>
          <Link to={paths.adminFestival} className="button button--ghost">
            Festival Settings
          </Link>
          <Link to={paths.adminAudit} className="button button--ghost">
            Audit trail
          </Link>
          <button type="button" className="button button--ghost" onClick={refresh}>
            Refresh Data
          </button>
        </div>
      </section>
      <section id={DETAILS_ID} className="dashboard-section" aria-labelledby="detailed-events-title" hidden={!detailsOpen}>
        <h2 id="detailed-events-title" className="dashboard-section__title">
          Detailed Events
        </h2>
        {detailsWanted && <DetailedEvents query={details} />}
      </section>
      {figures.data && !figures.error && <FestivalPanels stats={figures.data[0].stats} clubStats={figures.data[1]} />}
    </div>
  );
}

function StatCards({ stats }: { stats: DashboardStats }) {
  const cards = [
    { label: 'Total Events', value: stats.totalEvents },
    { label: 'Total Registrations', value: stats.totalRegistrations },
    // Clubs with at least one admin (admin-side §2).
    { label: stats.adminsByClub.length === 1 ? 'Active Club' : 'Active Clubs', value: stats.adminsByClub.length },
  ];
  return (
    <ul className="stat-cards" aria-label="Totals">
      {cards.map(({ label, value }) => (
        <li key={label} className="stat-card">
          <span className="stat-card__value">{value}</span>
          <span className="stat-card__label">{label}</span>
        </li>
      ))}
    </ul>
  );
}

function FestivalPanels({ stats, clubStats }: { stats: DashboardStats; clubStats: ClubStats }) {
  return (
    <>
      <section className="dashboard-section" aria-labelledby="registrations-over-time">
        <h2 id="registrations-over-time" className="dashboard-section__title">
          Registrations over time
        </h2>
        <RegistrationsByDayFigure days={clubStats.registrationsByDay} scope="every club" />
      </section>
      <div className="dashboard-columns">
        <AdminsByClubPanel adminsByClub={stats.adminsByClub} clubs={clubStats.clubs} />
        <RegistrationsByClubPanel clubs={clubStats.clubs} />
      </div>
    </>
  );
}

/**
 * Every club the festival knows (from its admins and its events), A to Z, with its admins: "No clubs
 * found" when there is none at all, "No admins assigned" under a club that has events but no admin.
 */
function AdminsByClubPanel({ adminsByClub, clubs }: { adminsByClub: DashboardStats['adminsByClub']; clubs: ClubStats['clubs'] }) {
  const adminsOf = new Map(adminsByClub.map((club) => [club._id, club.admins]));
  // The stats list only clubs with admins; the club figures also name those whose events have none.
  const withoutAdmins = clubs.filter((club) => club.admins === 0).map((club) => club.clubName);
  const names = [...new Set([...adminsOf.keys(), ...withoutAdmins])].sort((a, b) => a.localeCompare(b));
  return (
    <section className="panel dashboard-panel" aria-labelledby="admins-by-club">
      <h2 id="admins-by-club" className="dashboard-section__title">
        Admins by Club
      </h2>
      {names.length === 0 ? (
        <PanelEmpty title="No clubs found" />
      ) : (
        <ul className="club-rows">
          {names.map((name) => (
            <ClubAdminsRow key={name} name={name} admins={adminsOf.get(name) ?? []} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClubAdminsRow({ name, admins }: { name: string; admins: { name: string; email: string }[] }) {
  return (
    <li className="club-row">
      <div className="club-row__header">
        <span className="club-row__name">{name}</span>
        <span className="badge">{count(admins.length, 'admin')}</span>
      </div>
      {admins.length === 0 ? (
        <p className="panel__hint">No admins assigned</p>
      ) : (
        <ul className="club-row__admins">
          {admins.map((admin) => (
            <li key={admin.email}>
              {admin.name} <span className="club-row__email">{admin.email}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function RegistrationsByClubPanel({ clubs }: { clubs: ClubStats['clubs'] }) {
  // The server sends them by registrations, most first; clubs with admins but no events are left out.
  const withEvents = clubs.filter((club) => club.events > 0);
  return (
    <section className="panel dashboard-panel" aria-labelledby="registrations-by-club">
      <h2 id="registrations-by-club" className="dashboard-section__title">
        Registrations by Club
      </h2>
      {withEvents.every((club) => club.registrations === 0) ? (
        <PanelEmpty title="No registrations found" />
      ) : (
        <ol className="club-rows">
          {withEvents.map((club) => (
            <li key={club.clubName} className="club-row club-row__header">
              <span className="club-row__name">{club.clubName}</span>
              <span className="club-row__counts">
                {count(club.events, 'event')} · <strong>{count(club.registrations, 'registration')}</strong>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
