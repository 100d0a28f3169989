import type { ReactNode } from 'react';
import { homeSections, paths, type HomeSection } from '../config/paths';
import { PRODUCT_NAME } from '../config/product';
import { useDisclosure } from '../lib/use-disclosure';
import { Link } from './Link';
import { SectionLink } from './SectionLink';
import { ThemeToggle } from './ThemeToggle';
import './NavBar.css';

const sectionLinks: { section: HomeSection; label: string }[] = [
  { section: homeSections.events, label: 'Events' },
  { section: homeSections.about, label: 'About' },
];

interface NavBarProps {
  theme: 'light' | 'dark';
  onToggleTheme: () => void;
  /** The account's place at the end of the menu: sign-in links, or the signed-in user's menu. */
  account: ReactNode;
  /** Beside the theme toggle, outside the collapsible menu: the signed-in student's bell. */
  notifications?: ReactNode;
  /** Where the brand leads: the home page, or an admin's dashboard (admins have no home page). */
  homePath?: string;
  /** Under the bar, in the header that stays in view: the toasts, which push the page down there instead of lying over it. */
  messages?: ReactNode;
}

export function NavBar({ theme, onToggleTheme, account, notifications, homePath = paths.home, messages }: NavBarProps) {
  // The Events and About sections live on the home page: offered only when it is this user's home.
  const sections = homePath === paths.home ? sectionLinks : [];
  const menu = useDisclosure<HTMLElement>('nav-menu');

  return (
    <header className="nav">
      <nav ref={menu.area} className="nav__inner" aria-label="Main">
        <Link to={homePath} className="nav__brand">
          <BrandMark />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <div className="nav__tools">
          {notifications}
          <ThemeToggle theme={theme} onToggle={onToggleTheme} />
          <button {...menu.triggerProps} className="nav__menu-button">
            <span className="nav__burger" aria-hidden="true" />
            <span className="visually-hidden">Menu</span>
          </button>
        </div>
        <ul id="nav-menu" className="nav__menu" data-open={menu.open}>
          {sections.map(({ section, label }) => (
            <li key={section}>
              <SectionLink section={section} className="nav__link" onNavigate={menu.close}>
                {label}
              </SectionLink>
            </li>
          ))}
          {sections.length > 0 && (
            <li>
              <Link to={paths.archive} className="nav__link" onClick={menu.close}>
                Past Results
              </Link>
            </li>
          )}
          <li className="nav__account">{account}</li>
        </ul>
      </nav>
      {messages}
    </header>
  );
}

function BrandMark() {
  return (
    <svg className="nav__logo" viewBox="0 0 64 64" width="32" height="32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6d28d9" />
          <stop offset=".55" stopColor="#db2777" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#brand-gradient)" />
      <path d="M32 12l5.6 12.4L51 26l-10 9.2L43.6 49 32 42.2 20.4 49 23 35.2 13 26l13.4-1.6z" fill="#fff" />
    </svg>
  );
}
