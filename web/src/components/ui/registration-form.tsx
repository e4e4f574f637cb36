import { Checkbox, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';
import { SubmitWithReason } from './submit-with-reason';

/** One text field of a registration form; every text is translated by the caller. */
export type RegistrationField<Name extends string> = {
  name: Name;
  label: string;
  description?: string;
  /** Why the value cannot be sent (the submit button's reason), or null when it can. */
  problem: (value: string) => string | null;
  /** Shown under the field while a typed (non-empty) value has a problem; nothing when absent. */
  typedError?: string;
};

type RegistrationFormProps<Name extends string> = {
  /**
   * The role's namespace: its `registration` texts give the intro, the statement to confirm
   * (`confirm`, `reasons.confirm`), the button (`submit`) and the failure's title (`failed`).
   */
  namespace: 'provider' | 'distributor';
  fields: readonly RegistrationField<Name>[];
  /** The registration request's state: pending disables the button, an error is shown above it. */
  request: { isPending: boolean; error: unknown };
  /** Called with the trimmed values once every field is acceptable and the statement is confirmed. */
  onSubmit: (values: Record<Name, string>) => void;
};

/**
 * Spec §2/§5: a role's registration (provider, distributor): its text fields and the confirmation,
 * or nothing is sent. The button says what is still missing, in the order of the fields.
 */
export function RegistrationForm<Name extends string>({ namespace, fields, request, onSubmit }: RegistrationFormProps<Name>) {
  const { t } = useTranslation(namespace);
  const [values, setValues] = useState<Partial<Record<Name, string>>>({});
  const [isConfirmed, setIsConfirmed] = useState(false);
  const valueOf = (name: Name) => values[name] ?? '';
  const fieldProblem = fields.map((field) => field.problem(valueOf(field.name))).find((problem) => problem !== null) ?? null;
  const canSubmit = fieldProblem === null && isConfirmed && !request.isPending;
  const disabledReason = canSubmit || request.isPending ? null : (fieldProblem ?? t('registration.reasons.confirm'));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const trimmed = Object.fromEntries(fields.map((field) => [field.name, valueOf(field.name).trim()])) as Record<Name, string>;
    onSubmit(trimmed);
  };

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('registration.intro')}
          </Text>
          {fields.map((field) => {
            const value = valueOf(field.name);
            const showError = field.typedError !== undefined && value !== '' && field.problem(value) !== null;
            return (
              <TextInput
                key={field.name}
                label={field.label}
                description={field.description}
                value={value}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  setValues((current) => ({ ...current, [field.name]: next }));
                }}
                error={showError ? field.typedError : undefined}
                required
              />
            );
          })}
          <Checkbox
            label={t('registration.confirm')}
            checked={isConfirmed}
            onChange={(event) => setIsConfirmed(event.currentTarget.checked)}
          />
          {request.error != null && <ErrorAlert error={request.error} title={t('registration.failed')} />}
          <SubmitWithReason loading={request.isPending} w="fit-content" disabledReason={disabledReason}>
            {t('registration.submit')}
          </SubmitWithReason>
        </Stack>
      </form>
    </Paper>
  );
}
