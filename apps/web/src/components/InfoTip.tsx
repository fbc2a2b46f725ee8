import { ActionIcon, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFloatingAfterPaint } from '../lib/after-paint';

/**
 * A short explanation behind an info icon (NMI, capacity, security, the races): shown on hover
 * and on keyboard focus, and named for screen readers by its own text.
 */
export function InfoTip({ label, text, testId }: { label: string; text: string; testId?: string }) {
  const { built, targetRef, before } = useFloatingAfterPaint<HTMLButtonElement>();
  const icon = (
    <ActionIcon
      ref={targetRef}
      variant="transparent"
      color="gray"
      size="xs"
      aria-label={label}
      aria-description={text}
      data-testid={testId}
      onClick={(event) => event.preventDefault()}
    >
      <IconInfoCircle size={14} />
    </ActionIcon>
  );
  // The tooltip is built once the first frame is drawn (decision 202).
  if (!built) return before(icon);
  return (
    <Tooltip label={text} multiline w={260} withArrow events={{ hover: true, focus: true, touch: true }}>
      {icon}
    </Tooltip>
  );
}
