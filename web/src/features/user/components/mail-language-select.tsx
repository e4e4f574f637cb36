import { Alert, Select, Stack } from '@mantine/core';
import { locales, type Locale } from '@chartroom/contracts/constants';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useProfile } from '../api/get-profile';
import { useSetMailLocale } from '../api/set-locale';

const isLocale = (value: string | null): value is Locale => (locales as readonly (string | null)[]).includes(value);

/** The language the portal's e-mails to this user are written in. */
export function MailLanguageSelect() {
  const { t } = useTranslation('account');
  const profile = useProfile();
  const setLocale = useSetMailLocale();
  return (
    <Stack gap="xs" maw={420}>
      <Select
        label={t('settings.language.label')}
        data={locales.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
        value={profile.data?.locale ?? null}
        disabled={!profile.data || setLocale.isPending}
        allowDeselect={false}
        onChange={(value) => {
          if (isLocale(value)) setLocale.mutate(value);
        }}
      />
      {setLocale.isSuccess && (
        <Alert color="teal" variant="light" role="status">
          {t('settings.language.saved')}
        </Alert>
      )}
      {setLocale.isError && <ErrorAlert error={setLocale.error} title={t('settings.language.failed')} />}
    </Stack>
  );
}
