import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { orderStatuses, paymentMethods, type OrderStatus, type PaymentMethod } from '@chartroom/contracts/constants';
import { useTranslation } from 'react-i18next';
import type { OrderListFilters } from '../lib/order-filters';
import { formatStatus } from '../lib/order-status';

type OrderFiltersBarProps = {
  filters: OrderListFilters;
  /** The e-mail as typed (the list follows it after a pause). */
  emailInput: string;
  onEmailInput: (value: string) => void;
  onChange: (filters: OrderListFilters) => void;
  /** The agreement filter's choices; without them (one agreement's list) the filter is not shown. */
  agreements?: { id: number; name: string }[];
};

function isStatus(value: string | null): value is OrderStatus {
  return (orderStatuses as readonly string[]).includes(value ?? '');
}

function isPaymentMethod(value: string | null): value is PaymentMethod {
  return (paymentMethods as readonly string[]).includes(value ?? '');
}

/** E-mail, status, payment method and agreement (spec §2 Orders). */
export function OrderFiltersBar({ filters, emailInput, onEmailInput, onChange, agreements }: OrderFiltersBarProps) {
  const { t } = useTranslation('orders');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: agreements ? 4 : 3 }} spacing="sm" role="search" aria-label={t('filters.label')}>
      <TextInput
        label={t('filters.email')}
        type="search"
        value={emailInput}
        onChange={(event) => onEmailInput(event.currentTarget.value)}
        placeholder={t('filters.emailPlaceholder')}
      />
      <Select
        label={t('filters.status')}
        placeholder={t('filters.any')}
        clearable
        clearButtonProps={{ 'aria-label': t('common:clear') }}
        data={orderStatuses.map((status) => ({ value: status, label: t(`status.${status}`, { defaultValue: formatStatus(status) }) }))}
        value={filters.status}
        onChange={(value) => onChange({ ...filters, status: isStatus(value) ? value : null })}
      />
      <Select
        label={t('filters.paymentMethod')}
        placeholder={t('filters.any')}
        clearable
        clearButtonProps={{ 'aria-label': t('common:clear') }}
        data={paymentMethods.map((method) => ({ value: method, label: t(`paymentMethod.${method}`) }))}
        value={filters.paymentMethod}
        onChange={(value) => onChange({ ...filters, paymentMethod: isPaymentMethod(value) ? value : null })}
      />
      {agreements && (
        <Select
          label={t('filters.agreement')}
          placeholder={t('filters.any')}
          clearable
          clearButtonProps={{ 'aria-label': t('common:clear') }}
          searchable
          nothingFoundMessage={t('filters.noAgreements')}
          data={agreements.map((agreement) => ({ value: String(agreement.id), label: `#${agreement.id} ${agreement.name}` }))}
          value={filters.agreementId === null ? null : String(filters.agreementId)}
          onChange={(value) => onChange({ ...filters, agreementId: value ? Number(value) : null })}
        />
      )}
    </SimpleGrid>
  );
}
