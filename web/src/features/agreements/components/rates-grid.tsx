import { Accordion, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { rateApplications, rateProducts } from '@chartroom/contracts/constants';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { RateApplication } from '@chartroom/contracts/constants';
import { rateCellFields } from '../lib/rates-form';
import type { AgreementFormValues } from '../lib/agreement-form';

type RatesGridProps = {
  register: UseFormRegister<AgreementFormValues>;
  errors: FieldErrors<AgreementFormValues>['rates'];
  /** Sections open at first: the applications that have rates. */
  openApplications: RateApplication[];
  readOnly?: boolean;
};

/** Per application and product: net and end-user prices in RUB and USD (spec §3 Rates). */
export function RatesGrid({ register, errors, openApplications, readOnly = false }: RatesGridProps) {
  const { t } = useTranslation('agreements');
  return (
    <Accordion multiple defaultValue={openApplications} variant="separated" aria-label={t('rates.title')}>
      {rateApplications.map((app) => (
        <Accordion.Item key={app} value={app}>
          <Accordion.Control>{app}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              {rateProducts.map((product) => {
                const cellErrors = errors?.[app]?.[product];
                const problem = rateCellFields.map((field) => cellErrors?.[field]?.message).find(Boolean);
                const hasError = problem !== undefined;
                return (
                  <Stack key={product} gap={4} role="group" aria-label={`${app} ${product}`}>
                    <Group gap="xs">
                      <Text fw={600} size="sm">
                        {product}
                      </Text>
                    </Group>
                    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                      {rateCellFields.map((field) => (
                        <TextInput
                          key={field}
                          size="xs"
                          label={t(`rates.${field}`)}
                          inputMode="decimal"
                          readOnly={readOnly}
                          aria-label={`${app} ${product} ${t(`rates.${field}`)}`}
                          {...register(`rates.${app}.${product}.${field}`)}
                          error={Boolean(cellErrors?.[field])}
                        />
                      ))}
                    </SimpleGrid>
                    {hasError && (
                      <Text size="xs" c="red" role="alert">
                        {problem === 'negative' || problem === 'tooBig' || problem === 'decimals'
                          ? t(`rates.${problem}`)
                          : t('errors:invalid_rates')}
                      </Text>
                    )}
                  </Stack>
                );
              })}
              {!readOnly && (
                <Text size="xs" c="dimmed">
                  {t('rates.dropHint')}
                </Text>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
