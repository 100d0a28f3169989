import { certificatePdfHref, useGetMyCertificatesQuery } from '../../api/certificates-api';
import type { StudentCertificate } from '../../api/types';
import { Link } from '../../components/Link';
import { LoadError } from '../../components/LoadError';
import { verificationPath } from '../../config/verification-path';
import { certificateTitle } from '../../lib/certificate-title';
import { formatDate } from '../../lib/dates';

/** The student's certificates, each to download as a PDF or to verify; nothing at all until one is issued. */
export function MyCertificates() {
  const { data: certificates, error, isFetching, refetch } = useGetMyCertificatesQuery();
  if (error) return <LoadError title="Failed to load your certificates" retrying={isFetching} onRetry={() => void refetch()} />;
  // Nothing while loading, and nothing before the first is issued: the registrations above have the page's spinner.
  if (!certificates || certificates.length === 0) return null;
  return (
    <section className="panel my-certificates" aria-labelledby="my-certificates">
      <h2 id="my-certificates" className="panel__title">
        Certificates
      </h2>
      <p className="panel__hint">Each carries a QR code and a code that anyone can check on the festival's verification page.</p>
      <ul className="my-certificates__list">
        {certificates.map((certificate) => (
          <li key={certificate._id} className="my-certificates__item">
            <CertificateRow certificate={certificate} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CertificateRow({ certificate }: { certificate: StudentCertificate }) {
  const title = certificateTitle(certificate);
  return (
    <>
      <div>
        <h3 className="my-certificates__title">{certificate.eventName}</h3>
        <p className="my-certificates__kind">
          {title}
          {certificate.teamName ? ` with ${certificate.teamName}` : ''} · issued {formatDate(certificate.issuedAt)}
        </p>
      </div>
      <div className="my-certificates__actions">
        <a
          className="button button--primary"
          href={certificatePdfHref(certificate._id)}
          download
          aria-label={`Download certificate: ${title} for ${certificate.eventName}`}
        >
          Download certificate
        </a>
        <Link className="button button--ghost" to={verificationPath(certificate.code)} aria-label={`Verify the certificate for ${certificate.eventName}`}>
          Verify
        </Link>
      </div>
    </>
  );
}
