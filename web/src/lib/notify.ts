import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from './error-message';

export type Notify = {
  /** A change went through: `message` is already translated. */
  success: (message: string) => void;
  /** A change failed: the error is shown translated by its code. */
  failure: (error: unknown) => void;
};

/** A toast after each change, so a user sees that a save worked (or why it did not). */
export function useNotify(): Notify {
  const { t } = useTranslation('common');
  const toMessage = useErrorMessage();
  return {
    success: (message) =>
      notifications.show({
        color: 'teal',
        title: t('notify.saved'),
        message,
        autoClose: 4000,
        closeButtonProps: { 'aria-label': t('close') },
      }),
    failure: (error) =>
      notifications.show({
        color: 'red',
        title: t('notify.failed'),
        message: toMessage(error),
        autoClose: 8000,
        closeButtonProps: { 'aria-label': t('close') },
      }),
  };
}
