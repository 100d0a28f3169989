import { homeSections } from '../../config/paths';
import { useGetFestivalQuery } from './festival-api';
import './festival.css';

const programmes = {
  undergraduate: [
    'Computer Science and Engineering',
    'Information Technology',
    'Artificial Intelligence and Data Science',
    'Electronics and Communication',
    'Electrical and Electronics',
    'Mechanical',
    'Civil',
    'Biotechnology',
    'Biomedical',
  ],
  postgraduate: ['M.E.', 'MBA', 'MCA', 'Ph.D'],
};

export function AboutSection() {
  const { data: festival } = useGetFestivalQuery();
  return (
    <section id={homeSections.about} className="section about" aria-labelledby="about-title">
      <div className="section__inner">
        <header className="section__header">
          <p className="section__eyebrow">The host</p>
          <h2 id="about-title">About the institution</h2>
          <p className="section__lead">
            An engineering institution where classrooms, labs and clubs share one campus, and where the festival is the day they all meet.
          </p>
        </header>
        <div className="about__grid">
          <article className="about__card">
            <h3>Accreditation</h3>
            <p>Nationally accredited, with programmes reviewed regularly against national quality standards for engineering education.</p>
          </article>
          <article className="about__card about__card--wide">
            <h3>Programmes</h3>
            <p>Undergraduate engineering and technology:</p>
            <ul className="chips">
              {programmes.undergraduate.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
            <p>Postgraduate and research:</p>
            <ul className="chips">
              {programmes.postgraduate.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </article>
          <article className="about__card">
            <h3>Vision</h3>
            <p>To be a place where curious students become engineers and leaders who build for their communities.</p>
          </article>
          <article className="about__card">
            <h3>Mission</h3>
            <p>To teach with rigour and care, to learn by doing through projects, research and clubs, and to open every door of the campus to every student.</p>
          </article>
          <article className="about__card about__card--contact">
            <h3>Contact</h3>
            <p>Questions about an event? Its page names the coordinator and department to ask.</p>
            <p>
              Accounts use your institution e-mail
              {festival ? (
                <>
                  {' '}
                  (<strong>@{festival.institutionEmailDomain}</strong>)
                </>
              ) : null}
              ; for anything else, the Student Affairs office on campus is happy to help.
            </p>
          </article>
        </div>
      </div>
    </section>
  );
}
