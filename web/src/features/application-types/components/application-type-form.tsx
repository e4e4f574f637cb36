import { Button, Checkbox, Fieldset, Group, NumberInput, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  createApplicationTypeBody,
  updateApplicationTypeBody,
  type ApplicationType,
  type CreateApplicationTypeBody,
  type UpdateApplicationTypeBody,
} from '@chartroom/contracts/application-types';
import { platformIds, platforms } from '@chartroom/contracts/constants';
import { Controller, useForm, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useCreateApplicationType } from '../api/create-application-type';
import { useUpdateApplicationType } from '../api/update-application-type';

/** The form's own fields: flat, so an empty key pair means "no key yet". */
export type ApplicationTypeFields = {
  id: number | string;
  name: string;
  platforms: string[];
  enabled: boolean;
  s63MId: string;
  s63MKey: string;
  s100MId: string;
  s100MKey: string;
};

/** A key pair both left empty is no key; one typed half is a key to check. */
export function keyPair(mId: string, mKey: string): { mId: string; mKey: string } | undefined {
  return mId.trim() === '' && mKey.trim() === '' ? undefined : { mId, mKey };
}

/** `s63.mKey` → `s63MKey`: the flat field an issue of the server's schema belongs to; null for the form as a whole. */
export function flatFieldOf(path: PropertyKey[]): keyof ApplicationTypeFields | null {
  const [head, sub] = path.map(String);
  if (head === 's63' || head === 's100') return sub ? `${head}${sub === 'mId' ? 'MId' : 'MKey'}` : null;
  return head === 'id' || head === 'name' || head === 'platforms' || head === 'enabled' ? head : null;
}

/** Checks flat fields with the server's own schema (`schema.safeParse(toBody(values))`). */
export function schemaResolver<T>(
  parse: (values: ApplicationTypeFields) => { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[] }[] } },
): Resolver<ApplicationTypeFields, unknown, T> {
  return async (values) => {
    const parsed = parse(values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<ApplicationTypeFields> = {};
    for (const issue of parsed.error.issues) {
      const field = flatFieldOf(issue.path);
      if (field) errors[field] ??= { type: 'validate' };
      else errors.root ??= { form: { type: 'validate' } };
    }
    return { values: {}, errors };
  };
}

const platformOptions = platformIds.map((id) => ({ value: String(id), label: platforms[id] }));

const createResolver = schemaResolver<CreateApplicationTypeBody>((v) =>
  createApplicationTypeBody.safeParse({
    id: v.id === '' ? undefined : Number(v.id),
    name: v.name,
    platforms: v.platforms.map(Number),
    enabled: v.enabled,
    s63: keyPair(v.s63MId, v.s63MKey),
    s100: keyPair(v.s100MId, v.s100MKey),
  }),
);
const editResolver = schemaResolver<UpdateApplicationTypeBody>((v) =>
  updateApplicationTypeBody.safeParse({ name: v.name, platforms: v.platforms.map(Number), enabled: v.enabled }),
);

type ApplicationTypeFormProps = {
  /** The type to change; a new one is registered without it. */
  current?: ApplicationType;
  onDone: () => void;
};

/** Register an application type with its keys, or change one's name, platforms and state (keys change by rotation). */
export function ApplicationTypeForm({ current, onDone }: ApplicationTypeFormProps) {
  const { t } = useTranslation('apptypes');
  const create = useCreateApplicationType();
  const update = useUpdateApplicationType();
  const mutation = current ? update : create;
  type Output = CreateApplicationTypeBody | UpdateApplicationTypeBody;
  const form = useForm<ApplicationTypeFields, unknown, Output>({
    resolver: (current ? editResolver : createResolver) as Resolver<ApplicationTypeFields, unknown, Output>,
    defaultValues: {
      id: current?.id ?? '',
      name: current?.name ?? '',
      platforms: (current?.platforms ?? platformIds).map(String),
      enabled: current?.enabled ?? true,
      s63MId: '',
      s63MKey: '',
      s100MId: '',
      s100MKey: '',
    },
  });
  const { errors } = form.formState;
  const hint = (field: keyof ApplicationTypeFields) => (errors[field] ? t(`form.invalid.${field}`) : undefined);

  const handleSubmit = form.handleSubmit((values) => {
    // The resolver is the edit one exactly when `current` is set.
    if (current) update.mutate({ id: current.id, body: values as UpdateApplicationTypeBody }, { onSuccess: onDone });
    else create.mutate(values as CreateApplicationTypeBody, { onSuccess: onDone });
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Controller
            control={form.control}
            name="id"
            render={({ field }) => (
              <NumberInput
                label={t('form.id')}
                description={t('form.idHint')}
                allowDecimal={false}
                allowNegative={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={current !== undefined}
                error={hint('id')}
                required
              />
            )}
          />
          <TextInput label={t('form.name')} {...form.register('name')} error={hint('name')} required autoComplete="off" />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="platforms"
          render={({ field }) => (
            <Checkbox.Group label={t('form.platforms')} value={field.value} onChange={field.onChange} error={hint('platforms')} required>
              <Group mt="xs">
                {platformOptions.map((p) => (
                  <Checkbox key={p.value} value={p.value} label={p.label} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('form.enabled')}
              description={t('form.enabledHint')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
            />
          )}
        />
        {!current && (
          <>
            <Text size="sm" c="dimmed">
              {t('form.keysHint')}
            </Text>
            <KeyFields form={form} hint={hint} />
          </>
        )}
        {mutation.isError && <ErrorAlert error={mutation.error} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {current ? t('form.save') : t('form.register')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type KeyFieldsProps = {
  form: { register: UseFormRegister<ApplicationTypeFields> };
  hint: (field: keyof ApplicationTypeFields) => string | undefined;
};

/** The S-63 and S-100 M_ID / M_KEY pairs; an M_KEY is typed like a password and never shown back. */
export function KeyFields({ form, hint }: KeyFieldsProps) {
  const { t } = useTranslation('apptypes');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Fieldset legend={t('keys.s63')}>
        <Stack gap="xs">
          <TextInput
            label={t('keys.s63MId')}
            description={t('keys.s63MIdHint')}
            {...form.register('s63MId')}
            error={hint('s63MId')}
            autoComplete="off"
          />
          <TextInput
            label={t('keys.s63MKey')}
            description={t('keys.s63MKeyHint')}
            type="password"
            {...form.register('s63MKey')}
            error={hint('s63MKey')}
            autoComplete="off"
          />
        </Stack>
      </Fieldset>
      <Fieldset legend={t('keys.s100')}>
        <Stack gap="xs">
          <TextInput
            label={t('keys.s100MId')}
            description={t('keys.s100MIdHint')}
            {...form.register('s100MId')}
            error={hint('s100MId')}
            autoComplete="off"
          />
          <TextInput
            label={t('keys.s100MKey')}
            description={t('keys.s100MKeyHint')}
            type="password"
            {...form.register('s100MKey')}
            error={hint('s100MKey')}
            autoComplete="off"
          />
        </Stack>
      </Fieldset>
    </SimpleGrid>
  );
}
