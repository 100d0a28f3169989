import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AdminUser, Role } from '../../api/types';
import { Alert } from '../../components/Alert';
import { SelectField, TextField } from '../../components/FormField';
import { PagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { count } from '../../lib/count';
import { formatDate } from '../../lib/dates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSearchText } from '../../lib/use-search-text';
import { useGetPeopleQuery, type PeopleFilter } from './people-api';
import { roleOptions, roleText } from './people-rules';
import { RoleChangeDialog } from './RoleChangeDialog';
import '../../components/panel.css';
import '../../components/admin.css';
import './people.css';

const PAGE_SIZE = 20;
/** The server's longest search text. */
const SEARCH_MAX = 100;

/** A role change the server agreed to, said above the list. */
interface Changed {
  text: string;
  /** Bumped per change, so the same sentence twice still moves the focus to it. */
  serial: number;
}

/**
 * /admin/people (super admin): every account, found by name, e-mail or roll number and filtered
 * by role, a page at a time; each one's role (with its club) changed after a confirmation.
 * `?search=` starts the search (the invitation form links here for an address that has an account).
 */
export function PeoplePage() {
  useDocumentTitle('People');
  const [params] = useSearchParams();
  const search = useSearchText(1, params.get('search') ?? '');
  const [role, setRole] = useState<Role | ''>('');
  const [page, setPage] = useState(1);
  const [changed, setChanged] = useState<Changed | null>(null);
  // A new search or filter starts again from the first page.
  const searchFor = (text: string) => {
    search.setText(text);
    setPage(1);
  };
  const filterByRole = (value: string) => {
    setRole(value as Role | '');
    setPage(1);
  };
  return (
    <div className="page admin-page">
      <PageHeader eyebrow="Super Admin" title="People">
        Find anyone by name, e-mail or roll number, and change their role: make a student a club admin, move an admin to another club, or appoint a super admin.
      </PageHeader>
      <div className="admin-filters" role="search" aria-label="Find people">
        <TextField
          label="Search"
          type="search"
          placeholder="Name, e-mail or roll number"
          maxLength={SEARCH_MAX}
          value={search.text}
          onValueChange={searchFor}
        />
        <SelectField label="Role" placeholder="All roles" options={roleOptions} value={role} onValueChange={filterByRole} />
      </div>
      <ChangedNote changed={changed} />
      <PeopleList
        filter={{ search: search.query, role, page, limit: PAGE_SIZE }}
        onPage={setPage}
        onChanged={(text) => setChanged((last) => ({ text, serial: (last?.serial ?? 0) + 1 }))}
      />
    </div>
  );
}

/** The last change's sentence; it takes the focus when it comes, so the keyboard and a screen reader land on the result. */
function ChangedNote({ changed }: { changed: Changed | null }) {
  const noteRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (changed) noteRef.current?.focus();
  }, [changed]);
  if (!changed) return null;
  return (
    <div ref={noteRef} tabIndex={-1} className="people__changed">
      <Alert tone="success">{changed.text}</Alert>
    </div>
  );
}

interface PeopleListProps {
  filter: PeopleFilter;
  onPage: (page: number) => void;
  onChanged: (text: string) => void;
}

function PeopleList({ filter, onPage, onChanged }: PeopleListProps) {
  const query = useGetPeopleQuery(filter);
  const [changing, setChanging] = useState<AdminUser | null>(null);
  const filtered = filter.search !== '' || filter.role !== '';
  return (
    <>
      <PagedList
        query={query}
        errorTitle="Failed to load people"
        loadingLabel="Loading people…"
        countText={(total) => count(total, 'person', 'people')}
        empty={{ title: 'No people found', text: filtered ? 'Nobody matches this search. Check the spelling, or choose All roles.' : 'No accounts exist yet.' }}
        pagerLabel="People pages"
        className="people"
        onPage={onPage}
      >
        {(people) => (
          <table className="admin-table people__table">
            <caption className="visually-hidden">People, oldest account first</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Roll number</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((person) => (
                <PersonRow key={person._id} person={person} onChange={() => setChanging(person)} />
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {changing && (
        <RoleChangeDialog
          person={changing}
          onClose={() => setChanging(null)}
          onChanged={(text) => {
            setChanging(null);
            onChanged(text);
          }}
        />
      )}
    </>
  );
}

function PersonRow({ person, onChange }: { person: AdminUser; onChange: () => void }) {
  return (
    <tr>
      <th scope="row" className="admin-table__key" data-label="Name">
        {person.name}
        {!person.isVerified && <span className="badge people__unverified">Not verified</span>}
      </th>
      <td className="admin-table__key" data-label="Email">
        {person.email}
      </td>
      <td data-label="Roll number">{person.rollNumber ?? '—'}</td>
      <td data-label="Role">
        <span className={`badge people__role people__role--${person.role}`}>{roleText(person)}</span>
        {person.assignedEvent && <span className="people__event">Runs {person.assignedEvent.name}</span>}
      </td>
      <td data-label="Joined">{formatDate(person.createdAt)}</td>
      <td className="admin-table__actions">
        <button type="button" className="button button--ghost button--small" aria-label={`Change role of ${person.name}`} onClick={onChange}>
          Change role
        </button>
      </td>
    </tr>
  );
}
