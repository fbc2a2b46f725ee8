import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { securityName } from '../../../lib/names';
import { securityColor } from '../model/security';

export function SecurityBadge({ name, ...props }: { name: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation('systems');
  return (
    <Badge color={securityColor(name)} variant="light" {...props}>
      {securityName(t, name)}
    </Badge>
  );
}
