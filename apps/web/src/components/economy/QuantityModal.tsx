import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { UNIT_QUANTITY_MAX } from '@starhold/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../AppModal';
import { MIN_QUANTITY, normalizeQuantity } from './quantity';

interface QuantityModalProps {
  opened: boolean;
  title: string;
  loading?: boolean;
  onClose: () => void;
  onConfirm: (quantity: number) => void;
}

/** Asks how many ships or defenses to order; the confirm button needs a quantity of at least 1. */
export function QuantityModal({ opened, title, loading = false, onClose, onConfirm }: QuantityModalProps) {
  const { t } = useTranslation('economy');
  const [raw, setRaw] = useState<string | number>(MIN_QUANTITY);
  const numeric = typeof raw === 'number' ? raw : Number(raw);
  const valid = raw !== '' && Number.isFinite(numeric) && numeric >= MIN_QUANTITY;
  return (
    <AppModal opened={opened} onClose={onClose} title={title} centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('quantity.hint')}
        </Text>
        <NumberInput
          label={t('quantity.label')}
          value={raw}
          min={MIN_QUANTITY}
          max={UNIT_QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          onChange={setRaw}
          onBlur={() => setRaw(normalizeQuantity(raw))}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button disabled={!valid} loading={loading} onClick={() => onConfirm(normalizeQuantity(raw))}>
            {t('quantity.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
