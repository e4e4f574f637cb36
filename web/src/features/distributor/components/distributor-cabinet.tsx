import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageHeader } from '../../../components/ui/page-header';
import { PageLoader } from '../../../components/ui/page-loader';
import { CustomProductsTab } from '../../custom-products/components/custom-products-tab';
import { WebhooksPanel } from '../../webhooks/components/webhooks-panel';
import { useAllowedProducts } from '../api/get-allowed-products';
import { useDistributorMe } from '../api/get-distributor-me';
import { AvailableProducts } from './available-products';
import { DistributorLicenses } from './distributor-licenses';
import { DistributorTabs, type DistributorTab } from './distributor-tabs';

type DistributorCabinetProps = {
  tab: DistributorTab;
  onTabChange: (tab: DistributorTab) => void;
};

/** Licences (disabled without allowed products: the user is sent to products), products, custom products. */
export function DistributorCabinet({ tab, onTabChange }: DistributorCabinetProps) {
  const { t } = useTranslation('distributor');
  const distributor = useDistributorMe();
  const allowed = useAllowedProducts();
  const groups = allowed.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader
        title={distributor.data?.title ?? t('title')}
        subtitle={distributor.data ? t('cabinet.mainUser', { email: distributor.data.mainUser.email }) : t('subtitle')}
      />
      {(distributor.isPending || allowed.isPending) && <PageLoader />}
      {distributor.isError && <ErrorAlert error={distributor.error} />}
      {allowed.isError && <ErrorAlert error={allowed.error} />}
      {allowed.isSuccess && (
        <DistributorTabs
          tab={tab}
          onTabChange={onTabChange}
          hasProducts={groups.length > 0}
          panels={{
            distributor_licenses: <DistributorLicenses groups={groups} />,
            distributor_products: <AvailableProducts />,
            distributor_custom_products: <CustomProductsTab />,
            distributor_webhooks: <WebhooksPanel />,
          }}
        />
      )}
    </Stack>
  );
}
