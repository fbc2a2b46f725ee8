import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import type { CommandantAvailability, CommandantDurationCode } from '@starhold/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { DURATION_CODES, priceOf } from '../model/commandant-status';

export interface UnlockDialogProps {
  item: CommandantAvailability | null;
  balance: number;
  submitting: boolean;
  onClose: () => void;
  onSubmit: (time: CommandantDurationCode) => void;
}

/** Choose a duration, then confirm, then submit; cancel and back return (SPEC 4). */
export function UnlockDialog({ item, balance, submitting, onClose, onSubmit }: UnlockDialogProps) {
  const { t } = useTranslation('commandants');
  const [time, setTime] = useState<CommandantDurationCode | null>(null);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setTime(null);
    setConfirming(false);
    onClose();
  };
  const name = item ? t(`names.${item.commandant.name}`) : '';
  const price = item && time !== null ? priceOf(item.commandant, time) : 0;

  return (
    <AppModal
      opened={item !== null}
      onClose={close}
      title={confirming ? t('dialog.confirmTitle') : t('dialog.title', { name })}
      centered
    >
      {item && !confirming && (
        <Stack>
          <Radio.Group
            label={t('dialog.chooseDuration')}
            value={time === null ? null : String(time)}
            onChange={(value) => setTime(Number(value) as CommandantDurationCode)}
          >
            <Stack gap="xs" mt="xs">
              {DURATION_CODES.map((code) => {
                const cost = priceOf(item.commandant, code);
                return (
                  <Radio.Card key={code} value={String(code)} p="sm" radius="md" disabled={cost > balance}>
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="sm" wrap="nowrap">
                        <Radio.Indicator />
                        <Text fw={600}>{t(`durations.${code}`)}</Text>
                      </Group>
                      <Text size="sm" ff="monospace" c={cost > balance ? 'red' : undefined}>
                        {t('dialog.price', { price: cost })}
                        {cost > balance && ` · ${t('dialog.notEnough')}`}
                      </Text>
                    </Group>
                  </Radio.Card>
                );
              })}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('dialog.cancel')}
            </Button>
            <Button disabled={time === null} onClick={() => setConfirming(true)}>
              {t('dialog.next')}
            </Button>
          </Group>
        </Stack>
      )}
      {item && confirming && time !== null && (
        <Stack>
          <Text>{t('dialog.confirmText', { name, duration: t(`durations.${time}`), price })}</Text>
          <Text size="sm" c="dimmed">
            {t('dialog.balanceAfter', { balance: balance - price })}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={submitting}>
              {t('dialog.back')}
            </Button>
            <Button loading={submitting} onClick={() => onSubmit(time)}>
              {t('dialog.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}
