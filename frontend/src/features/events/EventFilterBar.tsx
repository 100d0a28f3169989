import type { EventFilters } from './event-rules';

interface EventFilterBarProps {
  filters: EventFilters;
  clubs: string[];
  onChange: (filters: EventFilters) => void;
}

export function EventFilterBar({ filters, clubs, onChange }: EventFilterBarProps) {
  const set = <K extends keyof EventFilters>(key: K, value: EventFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <form className="filters" role="search" onSubmit={(event) => event.preventDefault()}>
      <div className="field filters__search">
        <label htmlFor="event-search">Search events</label>
        <input
          id="event-search"
          type="search"
          placeholder="Title, description or club"
          value={filters.search}
          onChange={(event) => set('search', event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="event-type">Type</label>
        <select id="event-type" value={filters.type} onChange={(event) => set('type', event.target.value as EventFilters['type'])}>
          <option value="">All</option>
          <option value="solo">Solo</option>
          <option value="group">Group</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="event-club">Club</label>
        <select id="event-club" value={filters.club} onChange={(event) => set('club', event.target.value)}>
          <option value="">All clubs</option>
          {clubs.map((club) => (
            <option key={club} value={club}>
              {club}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}
