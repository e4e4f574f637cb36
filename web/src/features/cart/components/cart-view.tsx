import { Alert, Button, Divider, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale, usePaths } from '../../../lib/locale';
import { cartCurrency, cartTotal, demoGoods, type CartGood } from '../lib/goods';

export function CartView() {
  const { t } = useTranslation('cart');
  const locale = useLocale();
  const paths = usePaths();
  const navigate = useNavigate();
  const [goods, setGoods] = useState<CartGood[]>(() => demoGoods.map((good) => ({ ...good })));
  const [isCheckoutNoticeShown, setIsCheckoutNoticeShown] = useState(false);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: cartCurrency, maximumFractionDigits: 0 });
  const added = goods.filter((good) => good.added);

  const handleToggle = (id: number) => {
    setIsCheckoutNoticeShown(false);
    setGoods((current) => current.map((good) => (good.id === id ? { ...good, added: !good.added } : good)));
  };

  const handleClear = () => {
    setGoods(demoGoods.map((good) => ({ ...good })));
    void navigate(paths.user());
  };

  return (
    <Grid gutter="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm" component="section" aria-labelledby="goods-title">
          <Title order={3} id="goods-title">
            {t('goodsTitle')}
          </Title>
          {goods.map((good) => (
            <Paper key={good.id} withBorder p="md">
              <Group justify="space-between" wrap="nowrap" gap="md">
                <Stack gap={2}>
                  <Text fw={600}>{t(good.nameKey)}</Text>
                  <Text size="sm" c="dimmed">
                    {money.format(good.price)}
                  </Text>
                </Stack>
                <Button
                  variant={good.added ? 'light' : 'filled'}
                  color={good.added ? 'red' : undefined}
                  onClick={() => handleToggle(good.id)}
                  aria-label={t(good.added ? 'removeItem' : 'addItem', { name: t(good.nameKey) })}
                >
                  {t(good.added ? 'remove' : 'add')}
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="lg" component="section" aria-labelledby="cart-summary-title">
          <Stack gap="sm">
            <Title order={3} id="cart-summary-title">
              {t('summaryTitle')}
            </Title>
            {added.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('empty')}
              </Text>
            ) : (
              added.map((good) => (
                <Group key={good.id} justify="space-between">
                  <Text size="sm">{t(good.nameKey)}</Text>
                  <Text size="sm">{money.format(good.price)}</Text>
                </Group>
              ))
            )}
            <Divider />
            <Group justify="space-between">
              <Text fw={600}>{t('total', { count: added.length })}</Text>
              <Text fw={700} data-testid="cart-total">
                {money.format(cartTotal(goods))}
              </Text>
            </Group>
            {isCheckoutNoticeShown && (
              <Alert color="ocean" variant="light" role="status">
                {t('checkoutNotice')}
              </Alert>
            )}
            <Group justify="space-between" mt="xs">
              <Button variant="default" onClick={handleClear}>
                {t('clear')}
              </Button>
              <Button onClick={() => setIsCheckoutNoticeShown(true)} disabled={added.length === 0}>
                {t('checkout')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
