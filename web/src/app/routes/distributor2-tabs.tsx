import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { hasRole, useAuthUser } from '../../lib/auth';
import { AgreementsTab } from '../../features/agreements/components/agreements-tab';
import { MembersPanel } from '../../features/agreements/components/members-panel';
import { OrdersView } from '../../features/orders/components/orders-view';

export const distributor2Tabs = ['orders', 'agreements', 'members'] as const;
export type Distributor2Tab = (typeof distributor2Tabs)[number];

export function isDistributor2Tab(value: string | undefined): value is Distributor2Tab {
  return (distributor2Tabs as readonly string[]).includes(value ?? '');
}

type Distributor2TabsProps = { tab: Distributor2Tab; onTabChange: (tab: Distributor2Tab) => void };

/** Spec §2 "New distributor area": orders and agreements, plus the order managers of the distributor. */
export function Distributor2Tabs({ tab, onTabChange }: Distributor2TabsProps) {
  const { t } = useTranslation('orders');
  // Order managers are the members of a distributor: only its main user (a distributor) manages them.
  const isDistributor = hasRole(useAuthUser(), 'distributor');
  const shown = distributor2Tabs.filter((name) => name !== 'members' || isDistributor);

  const handleChange = (value: string | null) => {
    if (value !== null && isDistributor2Tab(value)) onTabChange(value);
  };

  return (
    <Tabs value={tab} onChange={handleChange} keepMounted={false}>
      <Tabs.List mb="lg">
        {shown.map((name) => (
          <Tabs.Tab key={name} value={name}>
            {t(`distributor2.tabs.${name}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="orders">
        <OrdersView />
      </Tabs.Panel>
      <Tabs.Panel value="agreements">
        <AgreementsTab />
      </Tabs.Panel>
      {isDistributor && (
        <Tabs.Panel value="members">
          <MembersPanel />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
