import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/dates';

/** A date as YYYY-MM-DD; no date reads 'unlimited'. */
export function DateText({ value }: { value: string | null | undefined }) {
  const { t } = useTranslation('common');
  const text = formatDate(value);
  return <time dateTime={text ?? undefined}>{text ?? t('unlimited')}</time>;
}
