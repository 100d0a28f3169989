import { useEffect, useRef } from 'react';
import { Alert } from '../../components/Alert';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/dates';
import { useFocusLater } from '../../lib/use-focus-later';
import { useOutcome } from '../../toasts/use-outcome';
import { type DataExport, dataExportHref, useGetDataExportQuery, usePrepareDataExportMutation } from './account-api';

/** What the download holds, as the server writes it. */
const HELD = [
  'your account',
  'your sign-in history',
  'your registrations',
  'your teams',
  'your team invitations',
  'your places on waiting lists',
  'your attendance',
  'your results',
  'your certificates',
  'the notifications and e-mails sent to you',
  "what the organisers' audit trail records about your account",
];

/** "Your data" on the profile: everything the festival holds about the student, as one file to download. */
export function DataExportPanel() {
  const { data, error, isFetching, isLoading, refetch } = useGetDataExportQuery();
  useEffect(() => {
    // A page left open past the offer's end would still link to a file the server has deleted:
    // asked again then, the server says so and the link goes. (setTimeout's longest wait, ~24 days, caps the delay.)
    if (!data) return;
    const timer = setTimeout(() => void refetch(), Math.min(Math.max(0, Date.parse(data.expiresAt) - Date.now()), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [data, refetch]);
  let offer;
  if (isLoading) offer = <Spinner label="Checking for a download…" />;
  else if (error)
    offer = <LoadError title="Failed to check for your data download" headingLevel={3} error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  else offer = <PrepareExport offered={data ?? null} />;
  return (
    <section className="panel" aria-labelledby="your-data">
      <h2 id="your-data" className="panel__title">
        Your data
      </h2>
      <p>Download everything the festival holds about you, as one file:</p>
      <ul className="profile-list">
        {HELD.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="panel__hint">
        How long each is kept is on the <Link to={paths.privacy}>Privacy</Link> page.
      </p>
      {offer}
    </section>
  );
}

function PrepareExport({ offered }: { offered: DataExport | null }) {
  const [prepare, { isLoading }] = usePrepareDataExportMutation();
  const { outcome, clear, failed, succeeded } = useOutcome();
  const outcomeRef = useRef<HTMLDivElement>(null);
  const downloadRef = useRef<HTMLAnchorElement>(null);
  const focusLater = useFocusLater();
  useEffect(() => {
    // A refusal (three in an hour, say) is said in place, and the keyboard lands on it.
    if (outcome?.tone === 'error') outcomeRef.current?.focus();
  }, [outcome]);

  const start = async () => {
    clear();
    const result = await prepare();
    if (result.error) {
      failed(result.error, 'Failed to prepare your data');
      return;
    }
    succeeded(result.data.message);
    // The result is the link: the keyboard lands on it, the message beside it is announced.
    focusLater(() => downloadRef.current);
  };

  return (
    <>
      {offered ? (
        <p className="profile-download">
          <a ref={downloadRef} className="button button--ghost" href={dataExportHref} download aria-describedby="data-export-expiry">
            Download my data
          </a>
          <span id="data-export-expiry" className="panel__hint">
            Ready until {formatDateTime(offered.expiresAt)}
          </span>
        </p>
      ) : (
        <p className="panel__hint">No download is prepared. Preparing one takes a moment; it is offered for 24 hours.</p>
      )}
      {outcome && (
        <Alert ref={outcomeRef} tone={outcome.tone}>
          {outcome.text}
        </Alert>
      )}
      <button type="button" className="button button--primary profile-action" onClick={() => void start()} disabled={isLoading}>
        {isLoading ? 'Preparing...' : 'Prepare my data'}
      </button>
    </>
  );
}
