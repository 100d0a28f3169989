import type { Festival } from '../../api/types';
import { homeSections } from '../../config/paths';
import { useGetFestivalQuery } from './festival-api';
import './festival.css';

type About = Festival['about'];

/** The about-the-institution section, as the super admin wrote it in the festival settings; a card with nothing to say is left out. */
export function AboutSection() {
  const { data: festival } = useGetFestivalQuery();
  const about = festival?.about;
  return (
    <section id={homeSections.about} className="section about" aria-labelledby="about-title" aria-busy={!festival}>
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">The host</p>
          <h2 id="about-title">About the institution</h2>
          {about?.lead && <p className="section__lead">{about.lead}</p>}
        </header>
        {about && festival && (
          <div className="about__grid">
            <TextCard title="Accreditation" text={about.accreditation} />
            <Programmes about={about} />
            <TextCard title="Vision" text={about.vision} />
            <TextCard title="Mission" text={about.mission} />
            <Contact about={about} emailDomain={festival.institutionEmailDomain} />
          </div>
        )}
      </div>
    </section>
  );
}

function TextCard({ title, text }: { title: string; text: string }) {
  if (!text) return null;
  return (
    <article className="about__card">
      <h3>{title}</h3>
      <p className="about__text">{text}</p>
    </article>
  );
}

function Programmes({ about }: { about: About }) {
  const { undergraduateProgrammes: undergraduate, postgraduateProgrammes: postgraduate } = about;
  if (undergraduate.length === 0 && postgraduate.length === 0) return null;
  return (
    <article className="about__card about__card--wide">
      <h3>Programmes</h3>
      <ProgrammeList intro="Undergraduate engineering and technology:" names={undergraduate} />
      <ProgrammeList intro="Postgraduate and research:" names={postgraduate} />
    </article>
  );
}

function ProgrammeList({ intro, names }: { intro: string; names: string[] }) {
  if (names.length === 0) return null;
  return (
    <>
      <p>{intro}</p>
      <ul className="chips">
        {names.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  );
}

function Contact({ about, emailDomain }: { about: About; emailDomain: string }) {
  return (
    <article className="about__card about__card--contact">
      <h3>Contact</h3>
      {about.contactNote && <p className="about__text">{about.contactNote}</p>}
      {(about.contactEmail || about.contactPhone) && (
        <p>
          {about.contactEmail && <a href={`mailto:${about.contactEmail}`}>{about.contactEmail}</a>}
          {about.contactEmail && about.contactPhone && ' · '}
          {about.contactPhone && <a href={`tel:${about.contactPhone.replace(/[^\d+]/g, '')}`}>{about.contactPhone}</a>}
        </p>
      )}
      <p>
        Accounts use your institution e-mail (<strong>@{emailDomain}</strong>).
      </p>
    </article>
  );
}
