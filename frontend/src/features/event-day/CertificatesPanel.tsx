import { useState, type SubmitEvent } from 'react';
import { failureMessage } from '../../api/base-api';
import {
  certificatesZipHref,
  useGetEventCertificatesQuery,
  useIssueCertificatesMutation,
  useReissueCertificateMutation,
  useRevokeCertificateMutation,
} from '../../api/certificates-api';
import type { CertificateSummary, EventCertificate } from '../../api/types';
import { Alert } from '../../components/Alert';
import { TextField } from '../../components/FormField';
import { Modal, ModalActions } from '../../components/Modal';
import { QueryView } from '../../components/QueryView';
import { count } from '../../lib/count';
import { groupedCode } from '../../lib/grouped-code';

const PLACES = ['First', 'Second', 'Third'];

type Outcome = { tone: 'success' | 'error'; text: string };

/** The event's certificates (admin): how many are owed, issuing them with their counts first, the ZIP, revoking and re-issuing one. */
export function CertificatesPanel({ eventId }: { eventId: string }) {
  return (
    <div className="event-day__certificates">
      <h4 className="event-day__subtitle">Certificates</h4>
      <QueryView
        query={useGetEventCertificatesQuery(eventId)}
        errorTitle="Failed to load the certificates"
        loadingLabel="Loading the certificates…"
        headingLevel={3}
      >
        {({ summary, certificates }) => <Certificates eventId={eventId} summary={summary} certificates={certificates} />}
      </QueryView>
    </div>
  );
}

interface CertificatesProps {
  eventId: string;
  summary: CertificateSummary;
  certificates: EventCertificate[];
}

function Certificates({ eventId, summary, certificates }: CertificatesProps) {
  const [issuing, setIssuing] = useState(false);
  const [revoking, setRevoking] = useState<EventCertificate | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [reissue, reissuing] = useReissueCertificateMutation();
  const toIssue = summary.toIssue.participation + summary.toIssue.merit;
  const issued = summary.issued.participation + summary.issued.merit;

  const reissueOne = async (certificate: EventCertificate) => {
    const result = await reissue({ eventId, certificateId: certificate._id });
    setOutcome(
      result.error
        ? { tone: 'error', text: failureMessage(result.error, 'Failed to re-issue the certificate') }
        : { tone: 'success', text: result.data.message },
    );
  };

  return (
    <>
      <p className="panel__hint">
        Owed: {count(summary.eligible.participation, 'participation certificate')} and {count(summary.eligible.merit, 'merit certificate')}. Issued: {issued}
        {summary.revoked > 0 ? `, revoked: ${summary.revoked}` : ''}.
      </p>
      {summary.refusal && <p className="panel__hint">{summary.refusal}</p>}
      {summary.refusal === null && toIssue === 0 && issued > 0 && <p className="panel__hint">Every certificate owed has been issued.</p>}
      <div className="event-day__certificate-actions">
        <button type="button" className="button button--primary" disabled={summary.refusal !== null || toIssue === 0} onClick={() => setIssuing(true)}>
          Issue Certificates
        </button>
        {issued > 0 && (
          <a className="button button--ghost" href={certificatesZipHref(eventId)} download>
            Download All (ZIP)
          </a>
        )}
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      {certificates.length > 0 && (
        <table className="admin-table">
          <caption className="visually-hidden">Certificates issued</caption>
          <thead>
            <tr>
              <th scope="col">Student</th>
              <th scope="col">Certificate</th>
              <th scope="col">Code</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {certificates.map((certificate) => (
              <tr key={certificate._id}>
                <th scope="row" className="admin-table__key" data-label="Student">
                  {certificate.studentName}
                  {certificate.currentName && <span className="panel__hint"> (name now: {certificate.currentName})</span>}
                </th>
                <td data-label="Certificate">{kindOf(certificate)}</td>
                <td data-label="Code">
                  <code className="event-day__certificate-code">{groupedCode(certificate.code)}</code>
                </td>
                <td data-label="Status">{certificate.revokedAt ? `Revoked: ${certificate.revokedReason}` : 'Issued'}</td>
                <td className="admin-table__actions">
                  {!certificate.revokedAt && (
                    <div className="event-day__certificate-row-actions">
                      {certificate.currentName && (
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={`Re-issue with the name ${certificate.currentName}`}
                          disabled={reissuing.isLoading}
                          onClick={() => void reissueOne(certificate)}
                        >
                          Re-issue
                        </button>
                      )}
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        aria-label={`Revoke the certificate of ${certificate.studentName}`}
                        onClick={() => setRevoking(certificate)}
                      >
                        Revoke
                      </button>
                    </div>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {issuing && <IssueDialog eventId={eventId} summary={summary} onClose={() => setIssuing(false)} onDone={setOutcome} />}
      {revoking && <RevokeDialog eventId={eventId} certificate={revoking} onClose={() => setRevoking(null)} onDone={setOutcome} />}
    </>
  );
}

const kindOf = (certificate: EventCertificate) =>
  certificate.kind === 'merit' ? `Merit, ${placeOf(certificate.place ?? 0)}${certificate.teamName ? ` (${certificate.teamName})` : ''}` : 'Participation';
const placeOf = (place: number) => (place <= PLACES.length ? `${PLACES[place - 1]} place` : `place ${place}`);

interface DialogProps {
  eventId: string;
  onClose: () => void;
  onDone: (outcome: Outcome) => void;
}

/** Issuing, with what it adds first: the counts by kind, and that each student is e-mailed. */
function IssueDialog({ eventId, summary, onClose, onDone }: DialogProps & { summary: CertificateSummary }) {
  const [issue, issuing] = useIssueCertificatesMutation();
  const { participation, merit } = summary.toIssue;
  const confirm = async () => {
    const result = await issue(eventId);
    onDone(
      result.error ? { tone: 'error', text: failureMessage(result.error, 'Failed to issue the certificates') } : { tone: 'success', text: result.data.message },
    );
    onClose();
  };
  return (
    <Modal title="Issue Certificates" onClose={onClose}>
      <dl className="facts">
        <div className="facts__item">
          <dt>Participation</dt>
          <dd>{participation}</dd>
        </div>
        <div className="facts__item">
          <dt>Merit</dt>
          <dd>{merit}</dd>
        </div>
      </dl>
      <p>
        Each student is e-mailed and can download theirs from My Registrations. A certificate cannot be changed once issued: it can only be revoked or
        re-issued.
      </p>
      <ModalActions onCancel={onClose} action="Issue" busyAction="Issuing…" busy={issuing.isLoading} onAction={() => void confirm()} />
    </Modal>
  );
}

/** Revoking one certificate, with the reason its verification will show. */
function RevokeDialog({ eventId, certificate, onClose, onDone }: DialogProps & { certificate: EventCertificate }) {
  const [revoke, revoking] = useRevokeCertificateMutation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (reason.trim().length < 5) {
      setError('Please say why in a few words');
      return;
    }
    const result = await revoke({ eventId, certificateId: certificate._id, reason });
    if (result.error) {
      setError(failureMessage(result.error, 'Failed to revoke the certificate'));
      return;
    }
    onDone({ tone: 'success', text: result.data.message });
    onClose();
  };
  return (
    <Modal title="Revoke Certificate" onClose={onClose}>
      <form className="modal__form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          The certificate of {certificate.studentName} ({kindOf(certificate)}) will be shown as revoked, with this reason, to anyone who verifies it.
        </p>
        <TextField label="Reason" value={reason} onValueChange={setReason} error={error} maxLength={300} />
        <ModalActions onCancel={onClose} action="Revoke" busyAction="Revoking…" busy={revoking.isLoading} danger />
      </form>
    </Modal>
  );
}
