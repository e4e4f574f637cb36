import { Button, Group, Text, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type SubmitWithReasonProps = ButtonProps & {
  children: ReactNode;
  /** Why the button cannot be pressed now (translated); null when it can. */
  disabledReason: string | null;
};

/**
 * A submit button that says why it is disabled: the reason is shown next to it and read out with
 * it (aria-describedby), since a disabled button shows no tooltip.
 */
export function SubmitWithReason({ children, disabledReason, ...props }: SubmitWithReasonProps) {
  const reasonId = useId();
  return (
    <Group gap="xs" wrap="wrap" align="center">
      <Button type="submit" {...props} disabled={disabledReason !== null} aria-describedby={disabledReason ? reasonId : undefined}>
        {children}
      </Button>
      {disabledReason && (
        <Text id={reasonId} size="xs" c="dimmed" data-testid="submit-reason" maw={320}>
          {disabledReason}
        </Text>
      )}
    </Group>
  );
}
