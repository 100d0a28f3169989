import { useMemo } from 'react';
import { useSearchStaffQuery } from '../../api/admin-api';
import type { StaffAdmin, StaffInCharge } from '../../api/types';
import { PersonPicker } from '../../components/PersonPicker';
import { useSearchText } from '../../lib/use-search-text';
import type { Selection } from '../../lib/use-selection';

/** The spec's staff search: from 2 characters, once typing has settled. */
const STAFF_MIN_SEARCH = 2;

/** A chosen staff in-charge; one recorded without an account is known by e-mail. */
export type StaffPick = StaffInCharge & { _id: string };

export const staffPick = (staff: StaffInCharge): StaffPick => ({ ...staff, _id: staff.adminId ?? staff.email });

export const staffInCharge = ({ adminId, name, email, club }: StaffPick): StaffInCharge => ({ adminId, name, email, club });

const pickOf = (admin: StaffAdmin): StaffPick => ({ _id: admin._id, adminId: admin._id, name: admin.name, email: admin.email, club: admin.club ?? '' });

/** The event's staff in-charge: admins found by name or e-mail, shown as removable chips. */
export function StaffPicker({ selection, error }: { selection: Selection<StaffPick>; error?: string }) {
  const search = useSearchText(STAFF_MIN_SEARCH);
  const answer = useSearchStaffQuery(search.query, { skip: !search.ready });
  const data = useMemo(() => answer.data?.map(pickOf), [answer.data]);
  return (
    <PersonPicker
      label="Staff in-charge"
      search={search}
      answer={{ data, error: answer.error, isFetching: answer.isFetching }}
      selected={selection.selected}
      onAdd={selection.add}
      onRemove={selection.remove}
      hint="Type 2 or more characters of an admin's name or e-mail."
      error={error}
      noneFound="No admins found"
      chosenLabel="Selected staff in-charge"
    />
  );
}
