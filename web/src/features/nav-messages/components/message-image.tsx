import { Image, Skeleton, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessageImage } from '../api/get-message-image';

type MessageImageProps = { url: string; size: number; isWhole?: boolean; onOpen?: () => void };

export function MessageImage({ url, size, isWhole, onOpen }: MessageImageProps) {
  const { t } = useTranslation('catalog');
  const image = useMessageImage(url);
  if (!image.objectUrl) return <Skeleton w={size} h={size} animate={image.isPending} />;
  const img = <Image src={image.objectUrl} alt={t('msg.photo')} w={size} h={size} fit={isWhole ? 'contain' : 'cover'} radius="sm" />;
  return onOpen ? (
    <UnstyledButton onClick={onOpen} aria-label={t('msg.openPhoto')} data-testid="msg-thumbnail">
      {img}
    </UnstyledButton>
  ) : (
    img
  );
}
