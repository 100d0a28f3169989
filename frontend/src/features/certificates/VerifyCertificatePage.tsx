import { useState, type SubmitEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { isApiError } from '../../api/base-api';
import { useVerifyCertificateQuery } from '../../api/certificates-api';
import type { CertificateFacts } from '../../api/types';
import { Fact } from '../../components/Fact';
import { TextField } from '../../components/FormField';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { StatusPanel } from '../../components/StatusPanel';
import { verificationPath } from '../../config/verification-path';
import { formatDate, formatDateTime } from '../../lib/dates';
import { groupedCode } from '../../lib/grouped-code';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../components/panel.css';
import './certificates.css';

const PLACES = ['First', 'Second', 'Third'];

/** /verify and /verify/:code (anyone): what a certificate's code stands for, or that it stands for none. */
export function VerifyCertificatePage() {
  const { code } = useParams();
  useDocumentTitle('Verify a certificate');
  return (
    <div className="page">
      <PageHeader eyebrow="Certificates" title="Verify a Certificate">
        Scan the QR code on a certificate, or type the 16-character code printed under it, to see what was issued, to whom and for what.
      </PageHeader>
      {code && (
        <div className="certificate-result">
          <Verification code={code} />
        </div>
      )}
      <CodeForm initial={code ?? ''} />
    </div>
  );
}

function Verification({ code }: { code: string }) {
  const { data, error, isFetching, refetch } = useVerifyCertificateQuery(code);
  if (isFetching && !data) return <Spinner label="Checking the certificate…" page />;
  if (data) return <CertificateCard certificate={data} />;
  if (isApiError(error) && error.status === 404)
    return (
      <StatusPanel title="No such certificate" tone="error">
        <p>
          No certificate has the code <code>{groupedCode(code.toUpperCase())}</code>. Check it against the certificate: a certificate whose code is not found
          here was not issued by the festival.
        </p>
      </StatusPanel>
    );
  return <LoadError title="Failed to check the certificate" retrying={isFetching} onRetry={() => void refetch()} />;
}

function CertificateCard({ certificate }: { certificate: CertificateFacts }) {
  const revoked = certificate.revokedAt !== null;
  const title = certificate.kind === 'merit' ? 'Certificate of Merit' : 'Certificate of Participation';
  return (
    <section className={`panel certificate-check certificate-check--${revoked ? 'revoked' : 'valid'}`} aria-labelledby="certificate-status">
      <h2 id="certificate-status" className="certificate-check__status">
        {revoked ? 'Revoked' : 'Verified'}: {title}
      </h2>
      {revoked ? (
        <p className="certificate-check__note">
          Revoked on {formatDate(certificate.revokedAt ?? '')}: {certificate.revokedReason}
        </p>
      ) : (
        <p className="certificate-check__note">This certificate was issued by the festival and stands.</p>
      )}
      <dl className="facts">
        <Fact label="Issued to">{certificate.studentName}</Fact>
        {certificate.teamName && <Fact label="Team">{certificate.teamName}</Fact>}
        {certificate.place !== null && <Fact label="Place">{placeOf(certificate.place)}</Fact>}
        <Fact label="Event">{certificate.eventName}</Fact>
        {certificate.eventDate && <Fact label="Held on">{formatDate(certificate.eventDate)}</Fact>}
        {certificate.club && <Fact label="Organised by">{certificate.club}</Fact>}
        <Fact label="Festival">{certificate.festivalName}</Fact>
        <Fact label="Institution">{certificate.institutionName}</Fact>
        <Fact label="Issued">{formatDateTime(certificate.issuedAt)}</Fact>
        <Fact label="Code">
          <code>{groupedCode(certificate.code)}</code>
        </Fact>
      </dl>
    </section>
  );
}

const placeOf = (place: number) => (place <= PLACES.length ? `${PLACES[place - 1]} place` : `Place ${place}`);

function CodeForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string>();
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    const code = text.replace(/[\s-]+/g, '');
    if (code === '') {
      setError('Please enter the code printed on the certificate');
      return;
    }
    setError(undefined);
    void navigate(verificationPath(code));
  };
  return (
    <form className="panel certificate-form" onSubmit={submit} noValidate>
      <TextField
        label="Certificate code"
        value={text}
        onValueChange={setText}
        error={error}
        hint="16 letters and digits, as printed under the QR code; spaces do not matter."
        autoComplete="off"
        spellCheck={false}
      />
      <button type="submit" className="button button--primary">
        Verify
      </button>
    </form>
  );
}
