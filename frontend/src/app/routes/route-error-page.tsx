import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';

/** Shown instead of a blank screen if rendering a page throws. */
export function RouteErrorPage() {
  return (
    <main className="page page--narrow">
      <StatusPanel
        title="Something went wrong"
        tone="error"
        headingLevel={1}
        actions={
          // A full page load, since the app's own state may be what broke.
          <a href={paths.home} className="button button--primary">
            Reload the home page
          </a>
        }
      >
        <p>This page could not be shown. Reloading usually helps.</p>
      </StatusPanel>
    </main>
  );
}
