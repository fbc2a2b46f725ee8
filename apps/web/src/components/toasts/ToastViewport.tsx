import { Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import {
  TOAST_FADE_MS,
  toasts as appToasts,
  type Toast,
  type ToastStore,
  type ToastType,
} from '../../lib/toasts';
import classes from './ToastViewport.module.css';

const LOOK: Record<ToastType, { color: string; Icon: typeof IconInfoCircle }> = {
  success: { color: 'teal', Icon: IconCircleCheck },
  error: { color: 'red', Icon: IconX },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  info: { color: 'blue', Icon: IconInfoCircle },
};

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  const { t } = useTranslation();
  const { color, Icon } = LOOK[toast.type];
  return (
    <Paper
      role={toast.type === 'error' ? 'alert' : 'status'}
      aria-label={toast.title}
      className={classes.toast}
      data-type={toast.type}
      data-leaving={toast.phase === 'leaving' || undefined}
      style={{
        '--toast-fade': `${TOAST_FADE_MS}ms`,
        '--toast-color': `var(--mantine-color-${color}-6)`,
      }}
      p="sm"
      shadow="lg"
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon color={color} variant="light" radius="xl" size="lg">
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="sm">
              {toast.title}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {formatTime(toast.createdAt)}
            </Text>
          </Group>
          <Text size="sm" className={classes.message}>
            {toast.message}
          </Text>
        </Stack>
        <CloseButton size="sm" aria-label={t('toast.close')} onClick={onClose} />
      </Group>
    </Paper>
  );
}

/** The top-right toast stack (SPEC 2, 4): toasts appear after ~100 ms and fade out in 300 ms. */
export function ToastViewport({ store = appToasts }: { store?: ToastStore }) {
  const { t } = useTranslation();
  const all = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const shown = all.filter((toast) => toast.phase !== 'entering');
  if (shown.length === 0) return null;
  return (
    <div className={classes.viewport} aria-live="polite">
      {shown.length > 1 && (
        <Button
          size="compact-xs"
          variant="light"
          color="gray"
          className={classes.clearAll}
          onClick={store.clearAll}
        >
          {t('toast.clearAll')}
        </Button>
      )}
      {shown.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onClose={() => store.dismiss(toast.id)} />
      ))}
    </div>
  );
}
