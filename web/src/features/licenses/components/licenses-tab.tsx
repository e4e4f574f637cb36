import { Stack } from '@mantine/core';
import type { Product } from '@chartroom/contracts/licensing';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useLicenses } from '../api/get-licenses';
import { useIssueLicense } from '../api/issue-license';
import { AuditLog } from './audit-log';
import { IssueLicenseForm } from './issue-license-form';
import { PublisherLicenseTable } from './publisher-license-table';
import { canIssueLicense } from '@chartroom/contracts/policies/licenses.policy';

/** The provider's licences tab: the issue form (com, corp and individual products), the table, the audit log. */
export function LicensesTab({ gcid, products }: { gcid: number; products: Product[] }) {
  const { t } = useTranslation('licensing');
  const licenses = useLicenses(gcid);
  const issueMutation = useIssueLicense();
  const options = products.filter((p) => canIssueLicense(p)).map((p) => ({ value: String(p.id), label: t(`licType.${p.licType}`) }));

  return (
    <Stack gap="md">
      <IssueLicenseForm
        key={gcid}
        productOptions={options}
        isPending={issueMutation.isPending}
        error={issueMutation.error}
        onIssue={(values, onDone) => issueMutation.mutate(values, { onSuccess: onDone })}
      />
      {licenses.isPending && <PageLoader />}
      {licenses.isError && <ErrorAlert error={licenses.error} />}
      {licenses.isSuccess && <PublisherLicenseTable licenses={licenses.data} />}
      <AuditLog gcid={gcid} />
    </Stack>
  );
}
