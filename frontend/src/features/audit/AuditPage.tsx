import { useState } from 'react';
import { useSearchStaffQuery } from '../../api/admin-api';
import type { AuditAction, AuditEntry } from '../../api/types';
import { useClubOptions } from '../../components/club-options';
import { SelectField } from '../../components/FormField';
import { PagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { PersonPicker } from '../../components/PersonPicker';
import { count } from '../../lib/count';
import { formatDateTime } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSearchText } from '../../lib/use-search-text';
import { useSelection } from '../../lib/use-selection';
import { useGetAuditQuery, type AuditFilter } from './audit-api';
import { fieldLabel, fieldValue } from './audit-fields';
import '../../components/admin.css';

const PAGE_SIZE = 20;

const ACTION_LABELS: Record<AuditAction, string> = {
  'invite.sent': 'Invitation sent',
  'invite.cancelled': 'Invitation cancelled',
  'invite.accepted': 'Invitation accepted',
  'event.created': 'Event created',
  'event.updated': 'Event updated',
  'event.deleted': 'Event deleted',
  'registration.approved': 'Registration approved',
  'registration.rejected': 'Registration rejected',
  'user.role_changed': 'Role changed',
  'event.winners_confirmed': 'Winners confirmed',
  'festival.settings_changed': 'Festival settings changed',
  'festival.edition_started': 'Next festival started',
  'club.created': 'Club created',
  'club.updated': 'Club changed',
  'club.retired': 'Club retired',
  'club.restored': 'Club brought back',
  'event.message_sent': 'Message sent',
  'event.certificates_issued': 'Certificates issued',
  'certificate.revoked': 'Certificate revoked',
  'certificate.reissued': 'Certificate re-issued',
  'user.profile_updated': 'Profile changed',
  'user.account_deleted': 'Account deleted',
};

interface Actor {
  _id: string;
  name: string;
  email: string;
}

/** /admin/audit (super admin): who did what to which club's events, invitations and people, newest first. */
export function AuditPage() {
  const clubOptions = useClubOptions({ withRetired: true });
  useDocumentTitle('Audit trail');
  const [club, setClub] = useState('');
  const actor = useSelection<Actor>(1);
  const [page, setPage] = useState(1);
  // A new filter starts again from the newest entries.
  const filterByClub = (value: string) => {
    setClub(value);
    setPage(1);
  };
  const chooseActor = (person: Actor) => {
    actor.add(person);
    setPage(1);
  };
  const clearActor = (person: Actor) => {
    actor.remove(person);
    setPage(1);
  };
  return (
    <div className="page admin-page">
      <PageHeader eyebrow="Super Admin" title="Audit trail">
        Every change admins made (invitations, events, approvals and roles) and every change students made to their profiles, with who made it and when.
      </PageHeader>
      <div className="admin-filters" role="search" aria-label="Filter the audit trail">
        <SelectField label="Club" placeholder="All clubs" options={clubOptions} value={club} onValueChange={filterByClub} />
        <ActorFilter selected={actor.selected} onAdd={chooseActor} onRemove={clearActor} />
      </div>
      <AuditEntries filter={{ club, actorId: actor.selected[0]?._id ?? '', page, limit: PAGE_SIZE }} onPage={setPage} />
    </div>
  );
}

function ActorFilter({ selected, onAdd, onRemove }: { selected: Actor[]; onAdd: (actor: Actor) => void; onRemove: (actor: Actor) => void }) {
  const search = useSearchText(2);
  const answer = useSearchStaffQuery(search.query, { skip: !search.ready || selected.length > 0 });
  return (
    <PersonPicker
      label="Person"
      search={search}
      answer={answer}
      selected={selected}
      onAdd={onAdd}
      onRemove={onRemove}
      full={selected.length > 0}
      hint={selected.length > 0 ? 'Showing what this person did. Remove them to see everyone.' : "Type 2 or more characters of an admin's name or e-mail."}
      noneFound="No admins found"
      chosenLabel="Chosen person"
    />
  );
}

function AuditEntries({ filter, onPage }: { filter: AuditFilter; onPage: (page: number) => void }) {
  const query = useGetAuditQuery(filter);
  const filtered = filter.club !== '' || filter.actorId !== '';
  return (
    <PagedList
      query={query}
      errorTitle="Failed to load the audit trail"
      loadingLabel="Loading the audit trail…"
      countText={(total) => count(total, 'entry', 'entries')}
      empty={{ title: 'No entries found', text: filtered ? 'Nothing matches these filters.' : 'Nothing has been recorded yet.' }}
      pagerLabel="Audit pages"
      className="audit"
      onPage={onPage}
    >
      {(entries) => (
        <ol className="audit__list">
          {entries.map((entry) => (
            <li key={entry._id}>
              <AuditRecord entry={entry} />
            </li>
          ))}
        </ol>
      )}
    </PagedList>
  );
}

function AuditRecord({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes);
  return (
    <article className="audit-entry">
      <header className="audit-entry__header">
        <span className="badge">{ACTION_LABELS[entry.action] ?? entry.action}</span>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </header>
      <p className="audit-entry__subject">{entry.subject.label}</p>
      <p className="panel__hint">
        By <strong>{entry.actor.name}</strong> ({entry.actor.email}){entry.club && <> · {entry.club}</>}
      </p>
      {changes.length > 0 && (
        <dl className="audit-entry__changes">
          {changes.map(([field, { from, to }]) => (
            <div key={field}>
              <dt>{fieldLabel(field)}</dt>
              <dd>
                <del>{fieldValue(field, from, entry.action === 'event.created')}</del> <span aria-hidden="true">→</span>
                <span className="visually-hidden"> changed to </span> <ins>{fieldValue(field, to, entry.action === 'event.deleted')}</ins>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
