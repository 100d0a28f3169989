import './Spinner.css';

interface SpinnerProps {
  label: string;
  /** Appears only if the wait lasts, so a short one shows no flash. */
  delayed?: boolean;
}

export function Spinner({ label, delayed = false }: SpinnerProps) {
  return (
    <div className={delayed ? 'spinner spinner--delayed' : 'spinner'} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
