import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DistributorCabinet } from '../../features/distributor/components/distributor-cabinet';
import { isDistributorTab, type DistributorTab } from '../../features/distributor/components/distributor-tabs';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';
import { distributorTabSegments } from '../../lib/paths';

function tabOfSegment(segment: string | undefined): DistributorTab | undefined {
  return (Object.keys(distributorTabSegments) as DistributorTab[]).find((tab) => distributorTabSegments[tab] === segment);
}

/** `/distributor`: its licences (spec §2); an older `/distributor?tab=` address goes to that tab's own one. */
export function DistributorAliasRoute() {
  const paths = usePaths();
  const [searchParams] = useSearchParams();
  const tab = searchParams.get('tab');
  return <Navigate replace to={paths.distributor(isDistributorTab(tab) ? tab : 'distributor_licenses')} />;
}

/** `/distributor/{licenses|products|custom-products|webhooks}`: the tab bar follows the address. */
export function DistributorRoute() {
  const paths = usePaths();
  const navigate = useNavigate();
  const tab = tabOfSegment(useParams().tab);
  useDocumentTitle('distributor:title');
  if (!tab) return <Navigate replace to={paths.home()} />;

  return <DistributorCabinet tab={tab} onTabChange={(next) => void navigate(paths.distributor(next))} />;
}
