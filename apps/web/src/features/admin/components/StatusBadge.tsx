import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ suspendedAt }: { suspendedAt: string | null }) {
  const { t } = useTranslation('admin');
  return suspendedAt === null ? (
    <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
      {t('status.active')}
    </Badge>
  ) : (
    <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
      {t('status.suspended')}
    </Badge>
  );
}
