import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import {
  rotateApplicationTypeKeysBody,
  type ApplicationType,
  type RotateApplicationTypeKeysBody,
} from '@chartroom/contracts/application-types';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useRotateApplicationTypeKeys } from '../api/rotate-application-type-keys';
import { KeyFields, keyPair, schemaResolver, type ApplicationTypeFields } from './application-type-form';

const resolver = schemaResolver<RotateApplicationTypeKeysBody>((v) =>
  rotateApplicationTypeKeysBody.safeParse({ s63: keyPair(v.s63MId, v.s63MKey), s100: keyPair(v.s100MId, v.s100MKey) }),
);

/**
 * New manufacturer keys for an application type, in two steps: the keys, then a confirmation that
 * says what changes (new devices need permits of the new key; devices redeemed keep working).
 */
export function RotateKeysForm({ current, onDone }: { current: ApplicationType; onDone: () => void }) {
  const { t } = useTranslation('apptypes');
  const rotate = useRotateApplicationTypeKeys();
  const [pending, setPending] = useState<RotateApplicationTypeKeysBody | null>(null);
  const form = useForm<ApplicationTypeFields, unknown, RotateApplicationTypeKeysBody>({
    resolver,
    defaultValues: {
      id: current.id,
      name: current.name,
      platforms: [],
      enabled: current.enabled,
      s63MId: '',
      s63MKey: '',
      s100MId: '',
      s100MKey: '',
    },
  });
  const { errors } = form.formState;
  const hint = (field: keyof ApplicationTypeFields) => (errors[field] ? t(`form.invalid.${field}`) : undefined);
  const isNothing = errors.root !== undefined;

  const handleSubmit = form.handleSubmit((body) => setPending(body));
  const handleConfirm = () => {
    if (pending) rotate.mutate({ id: current.id, body: pending }, { onSuccess: onDone });
  };

  if (pending) {
    const which = [pending.s63 ? t('keys.s63') : null, pending.s100 ? t('keys.s100') : null].filter(Boolean).join(', ');
    return (
      <Stack gap="md">
        <Alert color="orange" title={t('rotate.confirmTitle', { name: current.name })}>
          <Text size="sm">{t('rotate.confirmText', { keys: which })}</Text>
        </Alert>
        {rotate.isError && <ErrorAlert error={rotate.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setPending(null)} disabled={rotate.isPending}>
            {t('rotate.back')}
          </Button>
          <Button color="red" loading={rotate.isPending} onClick={handleConfirm}>
            {t('rotate.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('rotate.intro')}</Text>
        <KeyFields form={form} hint={hint} />
        {isNothing && (
          <Text size="sm" c="red" role="alert">
            {t('rotate.nothing')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit">{t('rotate.next')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
