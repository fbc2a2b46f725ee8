import { Stack, Title } from '@mantine/core';
import { Spinner } from './Spinner';

/** A screen whose content is not built yet: its title and a loader, inside the layout. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Spinner centered size="lg" />
    </Stack>
  );
}
