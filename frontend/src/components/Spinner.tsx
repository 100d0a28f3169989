import './Spinner.css';

interface SpinnerProps {
  label: string;
  /** Appears only if the wait lasts, so a short one shows no flash. */
  delayed?: boolean;
  /**
   * Stands for a whole page: takes the screen's height, so the footer starts below the fold
   * rather than jumping down when the page arrives.
   */
  page?: boolean;
}

export function Spinner({ label, delayed = false, page = false }: SpinnerProps) {
  const className = ['spinner', delayed && 'spinner--delayed', page && 'spinner--page'].filter(Boolean).join(' ');
  return (
    <div className={className} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
