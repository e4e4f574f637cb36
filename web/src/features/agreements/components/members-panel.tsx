import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { addMemberBody } from '@chartroom/contracts/agreements';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { DateText } from '../../../components/ui/date-text';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { emailErrorText } from '../../../lib/email-error';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useAddMember } from '../api/add-member';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { ActionsHeader } from '../../../components/ui/actions-header';

type MemberForm = z.input<typeof addMemberBody>;

/** The distributor's order managers: added and removed by e-mail. */
export function MembersPanel() {
  const { t } = useTranslation('agreements');
  const notify = useNotify();
  const members = useMembers();
  const addMutation = useAddMember();
  const removeMutation = useRemoveMember();
  const form = useForm<MemberForm>({ resolver: zodResolver(addMemberBody), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const handleAdd = form.handleSubmit(async ({ email }) => {
    try {
      await addMutation.mutateAsync(email);
      notify.success(t('members.added', { email }));
      form.reset();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'no_such_user')
        form.setError('email', { type: 'manual', message: t('errors:no_such_user') });
      notify.failure(error);
    }
  });

  const handleRemove = (userId: number, email: string) =>
    removeMutation.mutate(userId, { onSuccess: () => notify.success(t('members.removed', { email })), onError: notify.failure });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Stack gap="xs">
          <Title order={5}>{t('members.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('members.hint')}
          </Text>
          <form onSubmit={handleAdd} noValidate aria-label={t('members.addTitle')}>
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput
                label={t('members.email')}
                type="email"
                style={{ flex: '1 1 220px' }}
                {...form.register('email')}
                error={emailErrorText(t, form.watch('email'), errors.email, t('form.emailInvalid'))}
              />
              <Button type="submit" loading={isSubmitting}>
                {t('members.add')}
              </Button>
            </Group>
          </form>
        </Stack>
      </Paper>
      {members.isPending && <PageLoader />}
      {members.isError && <ErrorAlert error={members.error} />}
      {members.isSuccess && members.data.length === 0 && <Text c="dimmed">{t('members.empty')}</Text>}
      {members.isSuccess && members.data.length > 0 && (
        <Table striped aria-label={t('members.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('members.email')}</Table.Th>
              <Table.Th>{t('members.since')}</Table.Th>
              <ActionsHeader />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.data.map((member) => (
              <Table.Tr key={member.userId}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{member.email}</Table.Td>
                <Table.Td>
                  <DateText value={member.createdAt} />
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => handleRemove(member.userId, member.email)}
                    loading={removeMutation.isPending && removeMutation.variables === member.userId}
                    aria-label={t('members.removeLabel', { email: member.email })}
                  >
                    {t('members.remove')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
