import { List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const pointKeys = ['publish', 'products', 'licences', 'devices', 'coverage'] as const;

/** What the platform does (spec §1), in the visitor's language. */
export function AboutSection() {
  const { t } = useTranslation('home');
  return (
    <Paper withBorder p="xl" component="section" aria-labelledby="about-title">
      <Stack gap="md">
        <Title order={2} id="about-title">
          {t('about.title')}
        </Title>
        <Text size="lg" c="dimmed">
          {t('about.lead')}
        </Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={20} radius="xl" variant="light" aria-hidden>
              <svg width="12" height="12" viewBox="0 0 12 12">
                <path d="M2 6.5l2.5 2.5L10 3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              </svg>
            </ThemeIcon>
          }
        >
          {pointKeys.map((key) => (
            <List.Item key={key}>
              <Text span fw={600}>
                {t(`about.points.${key}.title`)}
              </Text>{' '}
              <Text span>{t(`about.points.${key}.text`)}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
