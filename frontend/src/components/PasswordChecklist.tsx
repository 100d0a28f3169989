import './PasswordChecklist.css';

export interface PasswordCheck {
  label: string;
  test: (password: string) => boolean;
}

/** A new password's requirements, ticked off while typing. */
export function PasswordChecklist({ password, checks }: { password: string; checks: readonly PasswordCheck[] }) {
  return (
    <ul className="checklist" aria-label="Password requirements">
      {checks.map(({ label, test }) => {
        const met = test(password);
        return (
          <li key={label} data-met={met}>
            {label}
            <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
