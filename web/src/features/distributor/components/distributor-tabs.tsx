import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { distributorTabSegments, type DistributorTab } from '../../../lib/paths';

export type { DistributorTab };
export const distributorTabs = Object.keys(distributorTabSegments) as DistributorTab[];

export function isDistributorTab(value: string | null): value is DistributorTab {
  return (distributorTabs as readonly string[]).includes(value ?? '');
}

type DistributorTabsProps = {
  tab: DistributorTab;
  onTabChange: (tab: DistributorTab) => void;
  /** Licences can only be issued for allowed products (spec §2). */
  hasProducts: boolean;
  /** Filled panels; a tab without one shows its empty state. */
  panels?: Partial<Record<DistributorTab, ReactNode>>;
};

export function DistributorTabs({ tab, onTabChange, hasProducts, panels }: DistributorTabsProps) {
  const { t } = useTranslation('distributor');
  const current = !hasProducts && tab === 'distributor_licenses' ? 'distributor_products' : tab;

  const handleChange = (value: string | null) => {
    if (isDistributorTab(value)) onTabChange(value);
  };

  return (
    <Tabs value={current} onChange={handleChange} keepMounted={false}>
      <Tabs.List mb="lg">
        {distributorTabs.map((name) => (
          <Tabs.Tab key={name} value={name} disabled={name === 'distributor_licenses' && !hasProducts}>
            {t(`tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {distributorTabs.map((name) => (
        <Tabs.Panel key={name} value={name}>
          {panels?.[name] ?? <EmptyState title={t(`empty.${name}.title`)} description={t(`empty.${name}.text`)} />}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
