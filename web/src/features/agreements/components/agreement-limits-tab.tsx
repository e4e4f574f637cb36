import { Divider, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useNotify } from '../../../lib/notify';
import { useLimits } from '../api/get-limits';
import { useSetAgreementLimit } from '../api/set-agreement-limit';
import { useSetUserLimit } from '../api/set-user-limit';
import { LimitForm } from './limit-form';

type AgreementLimitsTabProps = { agreementId: number; currency: string; readOnly?: boolean };

/** Limits tab: the agreement's credit line and each user's limit, in the agreement's currency; read-only for the supervisor. */
export function AgreementLimitsTab({ agreementId, currency, readOnly = false }: AgreementLimitsTabProps) {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const limits = useLimits(agreementId);
  const setAgreementLimit = useSetAgreementLimit();
  const setUserLimit = useSetUserLimit();

  if (limits.isPending) return <PageLoader />;
  if (limits.isError) return <ErrorAlert error={limits.error} />;

  const saveAgreementLimit = (limit: string | null) =>
    setAgreementLimit.mutateAsync({ agreementId, limit }).then(
      () => notify.success(t('limits.savedAgreement')),
      (error: unknown) => {
        notify.failure(error);
        throw error;
      },
    );
  const saveUserLimit = (userId: number, email: string) => (limit: string | null) =>
    setUserLimit.mutateAsync({ agreementId, userId, limit }).then(
      () => notify.success(t('limits.savedUser', { email })),
      (error: unknown) => {
        notify.failure(error);
        throw error;
      },
    );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={5}>{t('limits.agreementTitle')}</Title>
          <Text size="sm" c="dimmed">
            {t('limits.agreementHint')}
          </Text>
          {readOnly ? (
            <LimitValue label={t('limits.agreementLimit')} value={limits.data.agreementLimit} currency={currency} />
          ) : (
            <LimitForm
              label={t('limits.agreementLimit')}
              value={limits.data.agreementLimit}
              currency={currency}
              onSave={saveAgreementLimit}
            />
          )}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={5}>{t('limits.usersTitle')}</Title>
          {limits.data.usersLimits.length === 0 && <Text c="dimmed">{t('limits.noUsers')}</Text>}
          {limits.data.usersLimits.map((entry, index) => (
            <Stack key={entry.userId} gap={4}>
              {index > 0 && <Divider />}
              {readOnly ? (
                <LimitValue label={entry.email} value={entry.limit} currency={currency} />
              ) : (
                <LimitForm label={entry.email} value={entry.limit} currency={currency} onSave={saveUserLimit(entry.userId, entry.email)} />
              )}
              <Text size="xs" c="dimmed">
                {t('limits.spent', { amount: entry.spent, currency })}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** A limit as text, for whoever may read it but not change it. */
function LimitValue({ label, value, currency }: { label: string; value: string | null; currency: string }) {
  const { t } = useTranslation('agreements');
  return (
    <div>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text>{value === null ? t('limits.none') : `${value} ${currency}`}</Text>
    </div>
  );
}
