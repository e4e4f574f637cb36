import { limits } from '@chartroom/contracts/constants';
import { createGeocontentQuery } from '@chartroom/contracts/providers';
import { useTranslation } from 'react-i18next';
import { RegistrationForm } from '../../../components/ui/registration-form';
import { useCreateProvider } from '../api/create-provider';

/** Spec §2/§5: content title (≥ 5), provider title and the confirmation, or nothing is sent. */
export function ProviderRegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('provider');
  const createMutation = useCreateProvider();
  const min = limits.geocontentTitleMin;
  return (
    <RegistrationForm
      namespace="provider"
      fields={[
        {
          name: 'gcTitle',
          label: t('registration.contentTitle'),
          description: t('registration.contentTitleHint', { min }),
          problem: (gcTitle) =>
            createGeocontentQuery.shape.gcTitle.safeParse(gcTitle).success ? null : t('registration.reasons.contentTitle', { min }),
          typedError: t('registration.contentTitleShort', { min }),
        },
        {
          name: 'providerTitle',
          label: t('registration.providerTitle'),
          description: t('registration.providerTitleHint'),
          problem: (providerTitle) => (providerTitle.trim() !== '' ? null : t('registration.reasons.providerTitle')),
        },
      ]}
      request={createMutation}
      onSubmit={(values) => createMutation.mutate(values, { onSuccess: onRegistered })}
    />
  );
}
