import { Button, Group, Text, ThemeIcon } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';

export type FleetAction = 'attack' | 'park' | 'spy' | 'exploit';

/** Fleet orders do not exist yet: the buttons explain that instead of silently doing nothing. */
export function FleetsComingModal({ action, onClose }: { action: FleetAction | null; onClose: () => void }) {
  const { t } = useTranslation('systems');
  return (
    <AppModal
      opened={action !== null}
      onClose={onClose}
      title={
        <Group gap="sm">
          <ThemeIcon variant="light" radius="xl">
            <IconRocket size={16} />
          </ThemeIcon>
          <Text fw={700}>{t('detail.fleets.title')}</Text>
        </Group>
      }
    >
      <Text size="sm">
        {action ? t('detail.fleets.body', { action: t(`detail.actions.${action}`) }) : null}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>{t('detail.fleets.ok')}</Button>
      </Group>
    </AppModal>
  );
}
