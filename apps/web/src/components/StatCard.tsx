import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** One figure with its label and icon, as on the profile pages (points, NMI, unread emails). */
export function StatCard({ label, value, icon }: { label: string; value: ReactNode; icon: ReactNode }) {
  return (
    <Card withBorder p="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="xl" radius="md">
          {icon}
        </ThemeIcon>
        <div>
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} lts={0.8}>
            {label}
          </Text>
          <Text size="xl" fw={700} ff="monospace">
            {value}
          </Text>
        </div>
      </Group>
    </Card>
  );
}
