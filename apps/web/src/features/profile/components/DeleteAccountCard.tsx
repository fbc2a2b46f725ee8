import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { ApiError } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/account';
import { CurrentPasswordField, FormEnd } from './form-parts';

/** Deleting the account: final, after the password again. */
export function DeleteAccountCard() {
  const { t } = useTranslation(['profile', 'auth']);
  const [opened, modal] = useDisclosure(false);
  const remove = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const failure = remove.error instanceof ApiError ? remove.error : undefined;
  const wrong = failure?.i18nKey === 'WRONG_PASSWORD';

  const close = () => {
    remove.reset();
    setPassword('');
    setSubmitted(false);
    modal.close();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (password === '') return;
    remove.mutate(password);
  };

  return (
    <Card p="lg" style={{ borderColor: 'var(--mantine-color-red-9)' }} withBorder>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ maxWidth: 620 }}>
          <Title order={3}>{t('delete.title')}</Title>
          <Text size="sm" c="dimmed">
            {t('delete.intro')}
          </Text>
        </div>
        <Button color="red" leftSection={<IconTrash size={16} />} onClick={modal.open}>
          {t('delete.open')}
        </Button>
      </Group>
      <AppModal opened={opened} onClose={close} title={t('delete.title')}>
        <form onSubmit={submit} noValidate aria-label={t('delete.title')}>
          <Stack>
            <Alert color="red" title={t('delete.warningTitle')}>
              {t('delete.warning')}
            </Alert>
            <CurrentPasswordField
              label={t('auth:fields.password')}
              value={password}
              onValue={setPassword}
              submitted={submitted}
              serverError={wrong ? 'WRONG_PASSWORD' : undefined}
              autoFocus
            />
            <FormEnd failure={failure && !wrong ? failure.i18nKey : undefined} onCancel={close}>
              <Button
                type="submit"
                color="red"
                loading={remove.isPending}
                leftSection={<IconTrash size={16} />}
              >
                {t('delete.submit')}
              </Button>
            </FormEnd>
          </Stack>
        </form>
      </AppModal>
    </Card>
  );
}
