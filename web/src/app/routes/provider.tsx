import { useSearchParams } from 'react-router';
import { ProviderCabinetFrame } from '../../features/provider-cabinet/components/provider-cabinet-frame';
import { isProviderTab, type ProviderTab } from '../../features/provider/components/provider-tabs';
import { useDocumentTitle } from '../../lib/document-title';

/** `/provider?tab=&sub=`: the provider's cabinet; the catalogue is the default tab. The current geocontent is kept by the server. */
export function ProviderRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: ProviderTab = isProviderTab(tabParam) ? tabParam : 'catalog';
  useDocumentTitle('provider:title');

  const handleParam = (key: string, value: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <ProviderCabinetFrame
      tab={tab}
      onTabChange={(value) => handleParam('tab', value)}
      catalogSection={searchParams.get('sub')}
      onCatalogSectionChange={(value) => handleParam('sub', value)}
    />
  );
}
