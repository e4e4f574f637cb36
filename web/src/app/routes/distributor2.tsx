import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { Distributor2Tabs, isDistributor2Tab, type Distributor2Tab } from './distributor2-tabs';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';

/** `/distributor2/{orders|agreements|members}`: the tab is part of the path, so a link opens it. */
export function Distributor2Route() {
  const { t } = useTranslation('orders');
  const { tab } = useParams();
  const paths = usePaths();
  const navigate = useNavigate();
  useDocumentTitle('orders:distributor2.title');
  if (!isDistributor2Tab(tab)) return <Navigate replace to={paths.distributor2Tab('orders')} />;

  const handleTabChange = (next: Distributor2Tab) => navigate(paths.distributor2Tab(next));

  return (
    <>
      <PageHeader title={t('distributor2.title')} subtitle={t('distributor2.subtitle')} />
      <Distributor2Tabs tab={tab} onTabChange={handleTabChange} />
    </>
  );
}
