import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

// One entry, as in the product; the date is fixed data, not a translation.
const newsItems = [{ key: 'launch', date: '2020-06-15' }] as const;

export function NewsBox() {
  const { t } = useTranslation('home');
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="news-title">
      <Stack gap="sm">
        <Title order={4} id="news-title">
          {t('news.title')}
        </Title>
        {newsItems.map((item) => (
          <Stack key={item.key} gap={4} component="article">
            <Badge variant="light" w="fit-content">
              <time dateTime={item.date}>{item.date}</time>
            </Badge>
            <Text fw={600}>{t(`news.items.${item.key}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`news.items.${item.key}.text`)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
