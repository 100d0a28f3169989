import { useId } from 'react';
import type { StudentCertificate } from '../../api/types';
import { Link } from '../../components/Link';
import { paths } from '../../config/paths';
import { certificateTitle } from '../../lib/certificate-title';
import { formatDateTime } from '../../lib/dates';

interface CertificateNoticesProps {
  certificates: StudentCertificate[];
  /** Issued after the bell was last opened: marked New. */
  isNew: (certificate: StudentCertificate) => boolean;
}

/** The bell's "Certificates": each one issued to the student, newest first, with where to download it; nothing before the first. */
export function CertificateNotices({ certificates, isNew }: CertificateNoticesProps) {
  const titleId = useId();
  if (certificates.length === 0) return null;
  return (
    <section className="bell__section" aria-labelledby={titleId}>
      <h3 id={titleId} className="bell__section-title">
        Certificates
      </h3>
      <ul className="bell__list">
        {certificates.map((certificate) => (
          <li key={certificate._id}>
            <CertificateItem certificate={certificate} unread={isNew(certificate)} />
          </li>
        ))}
      </ul>
      <Link className="button button--ghost button--small" to={paths.myRegistrations}>
        Download from My Registrations
      </Link>
    </section>
  );
}

function CertificateItem({ certificate, unread }: { certificate: StudentCertificate; unread: boolean }) {
  const title = certificateTitle(certificate);
  return (
    <article className={`bell__item${unread ? ' bell__item--unread' : ''}`} aria-label={`${title} for ${certificate.eventName}`}>
      <p className="bell__headline">
        <strong>{title}</strong> {unread && <span className="badge bell__new">New</span>}
      </p>
      <p className="bell__meta">{certificate.eventName}</p>
      <p className="bell__meta">Issued {formatDateTime(certificate.issuedAt)}</p>
    </article>
  );
}
