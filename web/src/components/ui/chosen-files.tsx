import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const shown = 8;

/** The names of the chosen files under a file input (the input itself cuts long lists off). */
export function ChosenFiles({ files }: { files: File[] }) {
  const { t } = useTranslation('common');
  if (files.length === 0) return null;
  return (
    <div data-testid="chosen-files">
      <Text size="xs" c="dimmed">
        {t('files.chosen', { count: files.length })}
      </Text>
      <List size="xs" spacing={0}>
        {files.slice(0, shown).map((file) => (
          <List.Item key={`${file.name}:${file.size}`} style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </List.Item>
        ))}
        {files.length > shown && <List.Item>{t('files.more', { count: files.length - shown })}</List.Item>}
      </List>
    </div>
  );
}
