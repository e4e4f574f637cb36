import { Paper, Stack, Text } from '@mantine/core';
import type { ChartComparison } from '@chartroom/contracts/charts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { usePaths } from '../../../lib/locale';
import { useSavedUploads } from '../api/get-saved-uploads';
import { useChartPage } from '../lib/use-chart-page';
import { ChartPager } from './chart-pager';
import { ConversionStatus } from './conversion-status';
import { EncConfirm } from './enc-confirm';
import { S57UploadForm } from './s57-upload-form';
import { SavedUploads } from './saved-uploads';
import { SourceChoice } from './source-choice';

/**
 * `enc/confirm` without a guid: the latest upload still waiting for a decision, or the chart list
 * when there is none.
 */
function LatestReview({ gcId }: { gcId: number }) {
  const paths = usePaths();
  const saved = useSavedUploads(gcId);
  if (saved.isPending) return <PageLoader />;
  const latest = (saved.data ?? []).reduce<{ guid: string; createdAt: string } | null>(
    (best, upload) => (!best || upload.createdAt > best.createdAt ? upload : best),
    null,
  );
  return <Navigate replace to={latest ? paths.encConfirm(latest.guid) : paths.catalog('enc')} />;
}

/**
 * The catalogue's enc sub-tab: the source choice, the chart list and S-63 conversion state at
 * `catalog/enc/list`, and the review of a staged upload at `catalog/enc/confirm?guid=` (spec §2),
 * so it can be reopened.
 */
export function EncTab({ gcid: gcId, confirm = false }: { gcid: number; confirm?: boolean }) {
  const { t } = useTranslation('charts');
  const paths = usePaths();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const guid = confirm ? searchParams.get('guid') : null;
  const setGuid = (value: string | null) => void navigate(value ? paths.encConfirm(value) : paths.catalog('enc'));
  const list = useChartPage(gcId, 'enc');
  const { collection } = list;
  // What the last upload left out, shown on its review (the server names it only in addenc's answer).
  const [ignored, setIgnored] = useState<string[]>([]);
  const openUpload = (comparison: ChartComparison) => {
    setIgnored(comparison.ignored ?? []);
    setGuid(comparison.guid);
  };

  if (confirm && !guid) return <LatestReview gcId={gcId} />;
  if (guid) {
    return (
      <EncConfirm
        guid={guid}
        ignored={ignored}
        onDone={() => {
          setIgnored([]);
          setGuid(null);
        }}
      />
    );
  }
  if (collection.isPending) return <PageLoader />;
  if (collection.isError) return <ErrorAlert error={collection.error} />;

  const { type, metaInfo, conversion } = collection.data;
  const hasCollection = type !== null;
  return (
    <Stack gap="md" data-testid="enc-tab">
      {!hasCollection && <SourceChoice gcId={gcId} onUploaded={openUpload} />}
      {conversion && <ConversionStatus conversion={conversion} />}
      {hasCollection && (
        <>
          {type === 's63' && metaInfo && (
            <Text size="sm" data-testid="s63-meta">
              {t('list.s63Source', { name: metaInfo.ZipFileName, date: formatDateTime(metaInfo.Timestamp) ?? metaInfo.Timestamp })}
            </Text>
          )}
          <ChartPager list={list} />
          <Paper withBorder p="md">
            <S57UploadForm gcId={gcId} onUploaded={openUpload} />
          </Paper>
        </>
      )}
      <SavedUploads
        gcId={gcId}
        onOpen={(value) => {
          setIgnored([]);
          setGuid(value);
        }}
      />
    </Stack>
  );
}
