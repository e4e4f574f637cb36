import { useSearchParams } from 'react-router';
import { DistributorCabinet } from '../../features/distributor/components/distributor-cabinet';
import { isDistributorTab, type DistributorTab } from '../../features/distributor/components/distributor-tabs';
import { useDocumentTitle } from '../../lib/document-title';

export function DistributorRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: DistributorTab = isDistributorTab(tabParam) ? tabParam : 'distributor_licenses';
  useDocumentTitle('distributor:title');

  const handleTabChange = (value: DistributorTab) => setSearchParams({ tab: value }, { replace: true });

  return <DistributorCabinet tab={tab} onTabChange={handleTabChange} />;
}
