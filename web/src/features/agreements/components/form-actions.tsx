import { Button, Group } from '@mantine/core';

type FormActionsProps = {
  submitLabel: string;
  /** The second button: cancel (close the form) or reset (back to the saved values). */
  backLabel: string;
  onBack: () => void;
  isSubmitting: boolean;
};

/** The buttons under an agreement's forms: submit, and a way back that waits while the form is sent. */
export function FormActions({ submitLabel, backLabel, onBack, isSubmitting }: FormActionsProps) {
  return (
    <Group>
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
      <Button variant="default" onClick={onBack} disabled={isSubmitting}>
        {backLabel}
      </Button>
    </Group>
  );
}
