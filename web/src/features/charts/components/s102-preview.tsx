import { Image, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useS102Preview } from '../api/get-s102-preview';

/** The depth preview as a thumbnail (fetched with the token, shown from a blob URL). */
export function S102Preview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation('charts');
  const preview = useS102Preview(url);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!preview.data) return;
    const objectUrl = URL.createObjectURL(preview.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [preview.data]);
  if (preview.isPending) return <Loader size="xs" />;
  if (!src) return <>—</>;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <Image src={src} alt={t('s102.previewAlt', { name })} w={96} h={72} fit="contain" radius="sm" />
    </a>
  );
}
