import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { EventsSection } from '../../features/events/EventsSection';
import { AboutSection } from '../../features/festival/AboutSection';
import { Hero } from '../../features/festival/Hero';
import { homePathOf } from '../../session/home-path';
import { useSession } from '../../session/use-session';

export function HomePage() {
  const { user } = useSession();
  // Admins work from their dashboards; the home page is for students and visitors.
  const home = homePathOf(user);
  if (home !== paths.home) return <Navigate to={home} replace />;
  return (
    <>
      <Hero />
      <EventsSection />
      <AboutSection />
    </>
  );
}
