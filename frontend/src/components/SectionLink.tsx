import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths, type HomeSection } from '../config/paths';
import { scrollToSection } from '../lib/scroll';

/** From another page the link goes home first and scrolls once the home page has rendered. */
const SECTION_SCROLL_DELAY_MS = 100;

interface SectionLinkProps {
  section: HomeSection;
  className?: string;
  /** Runs before scrolling, e.g. to close the menu the link sits in. */
  onNavigate?: () => void;
  children: ReactNode;
}

/** Scrolls to a home-page section, going home first from another page. */
export function useGoToSection(): (section: HomeSection) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (section) => {
    if (pathname === paths.home) {
      // Scroll on the next frame, once a menu closed by onNavigate has left the layout:
      // measured while an open menu still makes the bar taller, the target would be overshot.
      requestAnimationFrame(() => scrollToSection(section));
      return;
    }
    void navigate(paths.home);
    setTimeout(() => scrollToSection(section), SECTION_SCROLL_DELAY_MS);
  };
}

/** A link to a home-page section that scrolls there, going home first from another page. */
export function SectionLink({ section, className, onNavigate, children }: SectionLinkProps) {
  const goToSection = useGoToSection();
  return (
    <a
      href={`${paths.home}#${section}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onNavigate?.();
        goToSection(section);
      }}
    >
      {children}
    </a>
  );
}
