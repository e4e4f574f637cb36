import { Alert, Grid, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import type { AllowedProductGroup } from '@chartroom/contracts/distributors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermitStatusBadge } from '../../../components/ui/permit-status-badge';
import { IssueLicenseForm } from '../../licenses/components/issue-license-form';
import { ProductSummary } from '../../../components/ui/product-summary';
import { useIssueDistributorLicense } from '../api/issue-distributor-license';
import { IssuedLicenses } from './issued-licenses';
import { canIssueLicense } from '@chartroom/contracts/policies/licenses.policy';

/** Allowed products grouped by content on the left (first selected); the issue form and issued licences on the right. */
export function DistributorLicenses({ groups }: { groups: AllowedProductGroup[] }) {
  const { t } = useTranslation('distributor');
  const { t: tl } = useTranslation('licensing');
  const all = groups.flatMap((g) => g.products.map((p) => ({ ...p, geoContent: g.geoContent })));
  // First the product a licence can be issued for (an accepted permit of an enabled product), not a paused one.
  const firstIssuable = all.find((p) => canIssueLicense(p, p.permit.status)) ?? all[0];
  const [selectedId, setSelectedId] = useState<number | null>(firstIssuable?.id ?? null);
  const selected = all.find((p) => p.id === selectedId) ?? firstIssuable;
  const issueMutation = useIssueDistributorLicense();
  if (!selected) return null;

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="xs">
          {groups.map((group) => (
            <Stack key={group.geoContent.id} gap={0} mb="xs">
              <Text fw={700} size="sm" px="sm" pt="xs">
                {group.geoContent.title}
              </Text>
              <Text size="xs" c="dimmed" px="sm">
                {group.geoContent.provider.title}
              </Text>
              {group.products.map((product) => (
                <NavLink
                  key={product.id}
                  active={product.id === selected.id}
                  label={tl(`licType.${product.licType}`)}
                  rightSection={<PermitStatusBadge size="xs" status={product.permit.status} />}
                  onClick={() => setSelectedId(product.id)}
                />
              ))}
            </Stack>
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Paper withBorder p="md">
            <Title order={4}>{selected.geoContent.title}</Title>
            <Text size="sm" c="dimmed" mb="xs">
              {selected.geoContent.provider.title}
            </Text>
            <ProductSummary product={selected} />
          </Paper>
          {canIssueLicense(selected, selected.permit.status) ? (
            <IssueLicenseForm
              key={selected.id}
              productOptions={[]}
              fixedProductId={selected.id}
              isPending={issueMutation.isPending}
              error={issueMutation.error}
              onIssue={(values, onDone) => issueMutation.mutate(values, { onSuccess: onDone })}
            />
          ) : (
            <Alert color="yellow" variant="light">
              {t('licenses.notAccepted', { status: tl(`permitStatus.${selected.permit.status}`) })}
            </Alert>
          )}
          <Title order={5}>{t('licenses.issuedTitle')}</Title>
          <IssuedLicenses productId={selected.id} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
