import { Paper, Stack, Text } from '@mantine/core';
import type { ChartComparison } from '@chartroom/contracts/charts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTime } from '../../../lib/dates';
import { useChartCollection } from '../api/get-collection';
import { ChartTable } from './chart-table';
import { ConversionStatus } from './conversion-status';
import { EncConfirm } from './enc-confirm';
import { S57UploadForm } from './s57-upload-form';
import { SavedUploads } from './saved-uploads';
import { SourceChoice } from './source-choice';

/**
 * The catalogue's enc sub-tab: the source choice, the chart list, S-63 conversion state, and the
 * review of a staged upload (enc/confirm), kept in the URL as `guid` so it can be reopened.
 */
export function EncTab({ gcid: gcId }: { gcid: number }) {
  const { t } = useTranslation('charts');
  const [searchParams, setSearchParams] = useSearchParams();
  const guid = searchParams.get('guid');
  const setGuid = (value: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('guid', value);
      else next.delete('guid');
      return next;
    });
  const collection = useChartCollection(gcId, 'enc');
  // What the last upload left out, shown on its review (the server names it only in addenc's answer).
  const [ignored, setIgnored] = useState<string[]>([]);
  const openUpload = (comparison: ChartComparison) => {
    setIgnored(comparison.ignored ?? []);
    setGuid(comparison.guid);
  };

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

  const { type, charts, metaInfo, conversion } = collection.data;
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
          <ChartTable charts={charts} />
          <Text size="sm" c="dimmed">
            {t('list.count', { count: charts.length })}
          </Text>
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
