import { createDistributorQuery } from '@chartroom/contracts/providers';
import { useTranslation } from 'react-i18next';
import { RegistrationForm } from '../../../components/ui/registration-form';
import { useCreateDistributor } from '../api/create-distributor';

/** Spec §2/§5: the distributor title and the confirmation, or nothing is sent. */
export function DistributorRegistrationForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation('distributor');
  const createMutation = useCreateDistributor();
  return (
    <RegistrationForm
      namespace="distributor"
      fields={[
        {
          name: 'title',
          label: t('registration.distributorTitle'),
          problem: (title) => (createDistributorQuery.safeParse({ title }).success ? null : t('registration.reasons.title')),
        },
      ]}
      request={createMutation}
      onSubmit={(values) => createMutation.mutate(values, { onSuccess: onRegistered })}
    />
  );
}
