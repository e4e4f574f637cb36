import { isAgreementExpired } from '@chartroom/contracts/agreements';
import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { usePaths } from '../../../lib/locale';
import { useAgreements } from '../api/query-agreements';
import { AgreementForm } from './agreement-form';

/** Spec §2/§4: the agreements list; "New agreement" switches to the form, submit or cancel switch back. */
export function AgreementsTab() {
  const { t } = useTranslation('agreements');
  const paths = usePaths();
  const agreements = useAgreements();
  const [isFormMode, setIsFormMode] = useState(false);

  return (
    <Stack gap="md">
      {isFormMode ? (
        <AgreementForm onDone={() => setIsFormMode(false)} />
      ) : (
        <Group>
          <Button onClick={() => setIsFormMode(true)}>{t('list.create')}</Button>
        </Group>
      )}
      {agreements.isPending && <PageLoader />}
      {agreements.isError && <ErrorAlert error={agreements.error} />}
      {agreements.isSuccess && agreements.data.length === 0 && (
        <EmptyState title={t('list.emptyTitle')} description={t('list.emptyText')} />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {agreements.data?.map((agreement) => (
          <Paper key={agreement.id} component="article" withBorder p="md" radius="md" aria-label={agreement.name}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Anchor component={Link} to={paths.agreement(agreement.id)} fw={700} style={{ overflowWrap: 'anywhere' }}>
                  {agreement.name}
                </Anchor>
                <Group gap={4} wrap="nowrap">
                  {isAgreementExpired(agreement.validTill) && (
                    <Badge color="red" variant="light">
                      {t('list.expired')}
                    </Badge>
                  )}
                  <Badge variant="light">{t(`type.${agreement.type}`)}</Badge>
                </Group>
              </Group>
              <Text size="sm" c="dimmed">
                #{agreement.id} · {agreement.distributor.title}
              </Text>
              <Text size="sm">
                {t('fields.validTill')}: <DateText value={agreement.validTill} />
              </Text>
              <Text size="sm">
                {t('fields.balance')}: {agreement.balance} {agreement.currency}
                {' · '}
                {t('fields.limit')}: {agreement.limits.agreementLimit ?? t('limits.none')}
              </Text>
              <Group gap="sm">
                <Anchor component={Link} to={paths.agreement(agreement.id)} size="sm">
                  {t('list.open')}
                </Anchor>
                <Anchor component={Link} to={paths.transactions({ agreementId: agreement.id })} size="sm">
                  {t('list.transactions')}
                </Anchor>
              </Group>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
