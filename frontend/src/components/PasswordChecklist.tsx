import type { PasswordCheck } from '../lib/password-rules';
import './PasswordChecklist.css';

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
