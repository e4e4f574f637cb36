import { PasswordInput } from '@mantine/core';
import { passwordMinLength } from '@chartroom/contracts/auth';
import { useTranslation } from 'react-i18next';

export type NewPasswordValue = { password: string; confirm: string };

/** The problem with a chosen password, as a translation key of the `account` namespace, or null. */
export function checkNewPassword({ password, confirm }: NewPasswordValue): 'reset.tooShort' | 'reset.mismatch' | null {
  if (password.length < passwordMinLength) return 'reset.tooShort';
  if (password !== confirm) return 'reset.mismatch';
  return null;
}

type NewPasswordFieldsProps = {
  value: NewPasswordValue;
  onChange: (value: NewPasswordValue) => void;
  labels: { password: string; confirm: string };
  /** Show the problems once the user tried to submit. */
  isTouched: boolean;
};

/** A new password typed twice, with the same rules the server applies. */
export function NewPasswordFields({ value, onChange, labels, isTouched }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  const problem = isTouched ? checkNewPassword(value) : null;
  return (
    <>
      <PasswordInput
        label={labels.password}
        autoComplete="new-password"
        value={value.password}
        onChange={(event) => onChange({ ...value, password: event.currentTarget.value })}
        error={problem === 'reset.tooShort' ? t('reset.tooShort', { count: passwordMinLength }) : undefined}
      />
      <PasswordInput
        label={labels.confirm}
        autoComplete="new-password"
        value={value.confirm}
        onChange={(event) => onChange({ ...value, confirm: event.currentTarget.value })}
        error={problem === 'reset.mismatch' ? t('reset.mismatch') : undefined}
      />
    </>
  );
}
