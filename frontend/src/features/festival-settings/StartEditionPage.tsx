import { useNavigate } from 'react-router-dom';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useToast } from '../../toasts/use-toast';
import { useGetFestivalSettingsQuery } from './festival-settings-api';
import { StartEditionForm } from './StartEditionForm';
import '../../components/panel.css';
import '../../components/admin.css';

/** /admin/festival/next (super admin): starts next year's festival, then shows its settings. */
export function StartEditionPage() {
  useDocumentTitle("Next Year's Festival");
  const { data: settings, error, isFetching, refetch } = useGetFestivalSettingsQuery();
  const navigate = useNavigate();
  const toast = useToast();
  let view;
  if (error && !settings) {
    view = <LoadError title="Failed to load the festival settings" error={error} retrying={isFetching} onRetry={() => void refetch()} />;
  } else if (!settings) {
    view = <Spinner label="Loading the festival settings…" page />;
  } else {
    view = (
      <StartEditionForm
        settings={settings}
        onStarted={async (message) => {
          // The settings page opens on the new festival's settings, not the closed one's.
          await refetch();
          toast.success(message);
          void navigate(paths.adminFestival);
        }}
      />
    );
  }
  return (
    <div className="page page--narrow admin-page">
      <PageHeader eyebrow="Super Admin" title="Next Year's Festival">
        Its name, its days and when registration opens. Everything else carries over from this festival's settings.
      </PageHeader>
      {view}
    </div>
  );
}
