import type { ClubAdmins } from '../../api/types';
import { Avatar } from '../../components/Avatar';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { count } from '../../lib/count';
import { formatDate } from '../../lib/dates';
import { yearLabel } from '../../lib/person-rules';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useGetAdminsByClubQuery } from './club-admins-api';
import '../../components/admin.css';

/** /admin/clubs (super admin): every club admin, under their club. */
export function AdminsByClubPage() {
  useDocumentTitle('Admins by Club');
  return (
    <div className="page admin-page">
      <PageHeader eyebrow="Super Admin" title="Admins by Club">
        View all admin users organized by their respective clubs. <Link to={paths.manageClubs}>Add, rename or retire clubs</Link>
      </PageHeader>
      <ClubList />
    </div>
  );
}

function ClubList() {
  const { data: clubs, error, isLoading, isFetching, refetch } = useGetAdminsByClubQuery();
  if (isLoading) return <Spinner label="Loading the clubs' admins…" />;
  if (error || !clubs) return <LoadError title="Failed to fetch admins by club" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  if (clubs.length === 0) {
    return (
      <StatusPanel title="No Club Admins Found">
        <p>No admin users with club assignments found in the system.</p>
      </StatusPanel>
    );
  }
  return (
    <div className="clubs">
      {clubs.map((club) => (
        <ClubSection key={club._id} club={club} />
      ))}
    </div>
  );
}

/** Department and year ("CSE · 3rd Year"); a staff member's department is often "Staff" too, said once. */
const staffFacts = (dept: string | null, year: string | null) => [...new Set([dept, year && yearLabel(year)].filter(Boolean))].join(' · ');

function ClubSection({ club }: { club: ClubAdmins }) {
  const headingId = `club-${club._id.replace(/\W+/g, '-')}`;
  return (
    <section className="club" aria-labelledby={headingId}>
      <header className="club__header">
        <h2 id={headingId} className="club__name">
          {club._id}
        </h2>
        <span className="badge">{count(club.count, 'admin')}</span>
      </header>
      <ul className="club__admins">
        {club.admins.map((admin) => (
          <li key={admin._id} className="admin-card">
            <Avatar name={admin.name} />
            <div className="admin-card__body">
              <p className="admin-card__name">{admin.name}</p>
              <p className="admin-card__email">{admin.email}</p>
              <p className="admin-card__facts">{staffFacts(admin.dept, admin.year)}</p>
              {admin.assignedEvent && <p className="admin-card__facts">Event: {admin.assignedEvent.name}</p>}
              <p className="admin-card__joined">Joined {formatDate(admin.createdAt)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
