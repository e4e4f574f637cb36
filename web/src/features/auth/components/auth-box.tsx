import { Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginForm } from './login-form';
import { PasswordMailedNotice, type MailedReason } from './password-mailed-notice';
import { RegisterForm } from './register-form';
import { ReminderForm } from './reminder-form';

export type AuthMode = 'login' | 'register' | 'repassword';

type AuthBoxProps = {
  initialMode?: AuthMode;
  /** Where to go after signing in (a kept guard target). */
  next?: string | null;
};

/** Sign-in, registration and password reminder in one box (spec §2 Home). */
export function AuthBox({ initialMode = 'login', next }: AuthBoxProps) {
  const { t } = useTranslation('auth');
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const [mailed, setMailed] = useState<{ reason: MailedReason; email: string } | null>(null);

  const handleModeChange = (value: string) => {
    setMailed(null);
    setMode(value === 'register' ? 'register' : 'login');
  };

  const handleMailed = (reason: MailedReason) => (mailedTo: string) => {
    setEmail(mailedTo);
    setMailed({ reason, email: mailedTo });
    setMode('login');
  };

  const handleForgot = (currentEmail: string) => {
    setEmail(currentEmail);
    setMailed(null);
    setMode('repassword');
  };

  return (
    <Paper withBorder shadow="sm" p="lg" radius="md" component="section" aria-labelledby="auth-box-title">
      <Stack gap="md">
        <Title order={3} id="auth-box-title">
          {t(`title.${mode}`)}
        </Title>
        {mode !== 'repassword' && (
          <SegmentedControl
            fullWidth
            value={mode}
            onChange={handleModeChange}
            data={[
              { value: 'login', label: t('modes.login') },
              { value: 'register', label: t('modes.register') },
            ]}
          />
        )}
        {mailed && mode === 'login' && <PasswordMailedNotice reason={mailed.reason} email={mailed.email} />}
        {mode === 'login' && <LoginForm key={`login:${email}`} initialEmail={email} next={next} onForgot={handleForgot} />}
        {mode === 'register' && <RegisterForm initialEmail={email} onRegistered={handleMailed('registered')} onForgot={handleForgot} />}
        {mode === 'repassword' && (
          <ReminderForm initialEmail={email} onReminded={handleMailed('reminded')} onBack={() => handleModeChange('login')} />
        )}
      </Stack>
    </Paper>
  );
}
