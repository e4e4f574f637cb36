import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';
import { OutboxView } from '../../features/outbox/components/outbox-view';
import { useDocumentTitle } from '../../lib/document-title';

export function OutboxRoute() {
  const { t } = useTranslation('outbox');
  const [searchParams, setSearchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  useDocumentTitle('outbox:title');

  const handleEmailChange = (value: string) => {
    setSearchParams(value ? { email: value } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <OutboxView key={email} email={email} onEmailChange={handleEmailChange} />
    </>
  );
}
