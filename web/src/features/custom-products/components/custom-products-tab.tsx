import { Button, Grid, NavLink, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useCustomProductUsers } from '../api/get-custom-product-users';
import { CustomProductForm } from './custom-product-form';
import { UserCustomProducts } from './user-custom-products';

/** The user list, Add new, the form and the selected user's custom products. */
export function CustomProductsTab() {
  const { t } = useTranslation('distributor');
  const users = useCustomProductUsers();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [mode, setMode] = useState<'list' | 'newUser' | 'forUser'>('list');

  if (users.isPending) return <PageLoader />;
  if (users.isError) return <ErrorAlert error={users.error} />;
  const selected = users.data.find((u) => u.userId === selectedId) ?? users.data[0];

  const handleCreated = (userId: number) => {
    setSelectedId(userId);
    setMode('list');
  };

  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="sm">
          <Button onClick={() => setMode('newUser')} variant="light">
            {t('custom.addNew')}
          </Button>
          <Paper withBorder p="xs" aria-label={t('custom.users')}>
            {users.data.length === 0 && (
              <Text size="sm" c="dimmed" p="sm">
                {t('empty.distributor_custom_products.text')}
              </Text>
            )}
            {users.data.map((user) => (
              <NavLink
                key={user.userId}
                label={user.email}
                active={mode !== 'newUser' && user.userId === selected?.userId}
                onClick={() => {
                  setSelectedId(user.userId);
                  setMode('list');
                }}
              />
            ))}
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          {mode === 'newUser' && <CustomProductForm email={null} onCreated={handleCreated} onCancel={() => setMode('list')} />}
          {mode !== 'newUser' && selected && (
            <>
              <Text fw={600}>{selected.email}</Text>
              {mode === 'forUser' ? (
                <CustomProductForm email={selected.email} onCreated={handleCreated} onCancel={() => setMode('list')} />
              ) : (
                <Button variant="default" w="fit-content" onClick={() => setMode('forUser')}>
                  {t('custom.addForUser')}
                </Button>
              )}
              <UserCustomProducts userId={selected.userId} />
            </>
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
