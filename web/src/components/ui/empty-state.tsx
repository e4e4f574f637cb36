import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type EmptyStateProps = {
  title: string;
  description?: string;
  /** An action below the text, e.g. a link to create the first item. */
  children?: ReactNode;
};

export function EmptyState({ title, description, children }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl" bg="var(--mantine-color-gray-0)">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6">
            <circle cx="12" cy="12" r="9" />
            <path d="M12 3v18M3 12h18" strokeOpacity="0.5" />
            <path d="M12 7l2 5-2 5-2-5z" fill="currentColor" />
          </svg>
        </ThemeIcon>
        <Title order={4}>{title}</Title>
        {description && (
          <Text c="dimmed" size="sm" maw={520}>
            {description}
          </Text>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
