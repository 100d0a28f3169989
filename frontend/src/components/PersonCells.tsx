import { yearLabel } from '../lib/person-rules';

interface PersonCellsProps {
  applicant: { email: string; dept: string | null; year: string | null; rollNum?: string | null };
  /** The roll-number column's label, when the table has one. */
  rollLabel?: string;
}

/** A registered person's email, department and year cells (and roll number), with a dash for what they did not give. */
export function PersonCells({ applicant, rollLabel }: PersonCellsProps) {
  return (
    <>
      <td data-label="Email" className="admin-table__key">
        {applicant.email}
      </td>
      <td data-label="Department">{applicant.dept ?? '—'}</td>
      <td data-label="Year">{applicant.year ? yearLabel(applicant.year) : '—'}</td>
      {rollLabel && <td data-label={rollLabel}>{applicant.rollNum ?? '—'}</td>}
    </>
  );
}

/** The header cells over `PersonCells`, in the same order and with the same roll-number label. */
export function PersonHeaders({ rollLabel }: Pick<PersonCellsProps, 'rollLabel'>) {
  return (
    <>
      <th scope="col">Email</th>
      <th scope="col">Department</th>
      <th scope="col">Year</th>
      {rollLabel && <th scope="col">{rollLabel}</th>}
    </>
  );
}
