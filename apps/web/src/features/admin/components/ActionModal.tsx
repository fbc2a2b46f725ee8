import { Button, Group, NumberInput, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { ADMIN_NMI_MAX, ADMIN_REASON_MAX } from '@starhold/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../components/AppModal';
import { useAdminAction, type AdminActionInput } from '../api';

export type PendingAction =
  | { kind: 'suspend' | 'reinstate' | 'nmi'; accountId: number; username: string }
  | { kind: 'end_fleet'; accountId: number; username: string; fleetId: number };

/** Asks the reason (and for NMI the amount and direction), then runs the action. */
export function ActionModal({ action, onClose }: { action: PendingAction | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const run = useAdminAction();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState<number | string>(100);
  const [direction, setDirection] = useState<'grant' | 'remove'>('grant');
  const close = () => {
    setReason('');
    setAmount(100);
    setDirection('grant');
    run.reset();
    onClose();
  };
  if (action === null) return null;
  const amountValue = typeof amount === 'number' ? amount : Number.NaN;
  const amountOk = Number.isInteger(amountValue) && amountValue >= 1 && amountValue <= ADMIN_NMI_MAX;
  const canSend = reason.trim().length > 0 && (action.kind !== 'nmi' || amountOk) && !run.isPending;

  const submit = () => {
    const body = { reason: reason.trim() };
    const input: AdminActionInput =
      action.kind === 'nmi'
        ? {
            kind: 'nmi',
            accountId: action.accountId,
            body: { ...body, amount: direction === 'grant' ? amountValue : -amountValue },
          }
        : action.kind === 'end_fleet'
          ? { kind: 'end_fleet', accountId: action.accountId, fleetId: action.fleetId, body }
          : { kind: action.kind, accountId: action.accountId, body };
    run.mutate(input, { onSuccess: close });
  };

  return (
    <AppModal opened onClose={close} title={t(`modal.${action.kind}.title`, { username: action.username })}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t(`modal.${action.kind}.text`, {
            username: action.username,
            fleet: action.kind === 'end_fleet' ? action.fleetId : '',
          })}
        </Text>
        {action.kind === 'nmi' && (
          <>
            <SegmentedControl
              value={direction}
              onChange={(value) => setDirection(value)}
              data={[
                { value: 'grant', label: t('modal.nmi.grant') },
                { value: 'remove', label: t('modal.nmi.remove') },
              ]}
            />
            <NumberInput
              label={t('modal.nmi.amount')}
              value={amount}
              onChange={setAmount}
              min={1}
              max={ADMIN_NMI_MAX}
              allowDecimal={false}
              allowNegative={false}
            />
          </>
        )}
        <Textarea
          label={t('modal.reason')}
          description={t('modal.reasonHint')}
          value={reason}
          maxLength={ADMIN_REASON_MAX}
          autosize
          minRows={2}
          data-autofocus
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('modal.cancel')}
          </Button>
          <Button
            color={action.kind === 'suspend' || action.kind === 'end_fleet' ? 'red' : undefined}
            disabled={!canSend}
            loading={run.isPending}
            onClick={submit}
          >
            {t(`modal.${action.kind}.confirm`)}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
