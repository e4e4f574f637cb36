import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { DistributorRegistrationForm } from '../../features/distributor/components/distributor-registration-form';
import { useDocumentTitle } from '../../lib/document-title';
import { usePaths } from '../../lib/locale';
import { isSafeNext } from '../../lib/paths';

export function DistributorRegistrationRoute() {
  const { t } = useTranslation('distributor');
  const paths = usePaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  useDocumentTitle('distributor:registration.title');

  const handleRegistered = () => {
    void navigate(isSafeNext(next) ? next : paths.distributor(), { replace: true });
  };

  return (
    <>
      <PageHeader title={t('registration.title')} subtitle={t('registration.subtitle')} />
      <DistributorRegistrationForm onRegistered={handleRegistered} />
    </>
  );
}
