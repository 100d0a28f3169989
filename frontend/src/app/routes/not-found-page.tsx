import { Link } from '../../components/Link';
import { StatusPanel } from '../../components/StatusPanel';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="page page--narrow">
      <StatusPanel
        title="Page not found"
        headingLevel={1}
        actions={
          <Link to={paths.home} className="button button--primary">
            Go to the home page
          </Link>
        }
      >
        <p>There is no page at this address. It may have moved, or the link may be mistyped.</p>
      </StatusPanel>
    </div>
  );
}
