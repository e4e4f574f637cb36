import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../components/ui/empty-state';
import { ChartMapScreen } from '../../features/chart-map/components/chart-map-screen';
import { useDocumentTitle } from '../../lib/document-title';

/** `/map?taskId=`: the full-window chart map (no top navigation), opened by the catalogue's Map button. */
export function MapRoute() {
  const { t } = useTranslation('map');
  const [searchParams] = useSearchParams();
  const taskId = searchParams.get('taskId');
  useDocumentTitle('map:title');
  if (!taskId) return <EmptyState title={t('noTask.title')} description={t('noTask.text')} />;
  return <ChartMapScreen taskId={taskId} />;
}
