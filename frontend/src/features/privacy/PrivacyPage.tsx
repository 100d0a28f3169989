import type { ReactNode } from 'react';
import { Link } from '../../components/Link';
import { PageHeader } from '../../components/PageHeader';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../components/panel.css';
import './privacy.css';

/** Each kind of record the festival keeps about a person, and how long: what the server's clean-ups and account deletion do. */
const KEPT: { what: string; rule: ReactNode }[] = [
  {
    what: 'Your account: name, e-mail address, roll number, department, year and gender',
    rule: (
      <>
        Kept until you delete your account. You can correct your name, department, year and gender on your <Link to={paths.profile}>Profile</Link>.
      </>
    ),
  },
  { what: 'Sign-ups not confirmed by their e-mail link', rule: 'Deleted when the link expires, after 24 hours.' },
  {
    what: 'Sessions: the browsers signed in to your account, with their internet address and browser',
    rule: 'Each lasts 30 days. Ended or expired sessions are deleted within the hour.',
  },
  { what: 'Browsers you signed in from', rule: 'Kept so that nobody else can lock you out by guessing your password. Deleted after a year unused.' },
  { what: 'Counters that limit repeated attempts', rule: 'Deleted within minutes of expiring.' },
  { what: 'E-mails sent to you', rule: 'Kept 90 days after sending, then deleted.' },
  { what: 'Your data download', rule: 'Offered for 24 hours, then deleted.' },
  {
    what: 'Registrations, teams, attendance, results and certificates',
    rule: "Kept as the festival's record. When you delete your account, records others rely on (a team's past registration, results, attendance counts) keep a “Deleted account” placeholder; your certificates are revoked and say the holder deleted their account.",
  },
  {
    what: "The organisers' audit trail",
    rule: 'Kept. When you delete your account, your name and e-mail address in it are replaced by “Deleted account”.',
  },
];

/** /privacy (public): what is kept about a person, for how long, and where they see, correct or delete it. */
export function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <div className="page page--narrow">
      <PageHeader eyebrow="Your data" title="Privacy">
        What the festival keeps about you, for how long, and how you see, correct or delete it.
      </PageHeader>
      <div className="privacy-sections">
        <section className="panel" aria-labelledby="privacy-kept">
          <h2 id="privacy-kept" className="panel__title">
            What is kept, and for how long
          </h2>
          <dl className="privacy-list">
            {KEPT.map(({ what, rule }) => (
              <div key={what}>
                <dt>{what}</dt>
                <dd>{rule}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="panel" aria-labelledby="privacy-rights">
          <h2 id="privacy-rights" className="panel__title">
            Your rights
          </h2>
          <p>
            Under India&apos;s Digital Personal Data Protection Act, 2023, you can see, correct and delete what is held about you, all on your{' '}
            <Link to={paths.profile}>Profile</Link>:
          </p>
          <ul className="privacy-rights">
            <li>see it: download everything under “Your data”;</li>
            <li>correct it: change your details and save them;</li>
            <li>delete it: under “Delete account”.</li>
          </ul>
        </section>
      </div>
    </div>
  );
}
