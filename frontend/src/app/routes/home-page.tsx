import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { EventsSection } from '../../features/events/EventsSection';
import { AboutSection } from '../../features/festival/AboutSection';
import { Hero } from '../../features/festival/Hero';
import { useSession } from '../../session/use-session';

export function HomePage() {
  const { user } = useSession();
  // Admins work from their dashboards; the home page is for students and visitors.
  if (user?.isSuperAdmin) return <Navigate to={paths.superAdminDashboard} replace />;
  if (user?.isAdmin) return <Navigate to={paths.adminDashboard} replace />;
  return (
    <>
      <Hero />
      <EventsSection />
      <AboutSection />
    </>
  );
}
