import { Avatar } from '@mantine/core';
import { IconUserStar } from '@tabler/icons-react';

/** The sender's portrait; when the image is missing, Mantine shows the insignia instead. */
export function NpcAvatar({ size = 48 }: { size?: number }) {
  return (
    <Avatar
      src="/images/default_character.jpg"
      alt=""
      size={size}
      radius="xl"
      color="blue"
      variant="gradient"
      gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
    >
      <IconUserStar size={Math.round(size * 0.55)} stroke={1.6} />
    </Avatar>
  );
}
