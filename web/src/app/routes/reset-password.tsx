import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useDocumentTitle } from '../../lib/document-title';

export function ResetPasswordRoute() {
  const { t } = useTranslation('account');
  const [searchParams] = useSearchParams();
  useDocumentTitle('account:reset.title');
  return (
    <>
      <PageHeader title={t('reset.title')} />
      <ResetPasswordForm token={searchParams.get('token') ?? ''} />
    </>
  );
}
