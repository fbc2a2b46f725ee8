import { Group, Text } from '@mantine/core';

/** The Starhold mark: a ringed star drawn in the theme's primary colour. */
export interface LogoProps {
  size?: number;
  /** Hides the name on phones, where the header has no room for it. */
  compactOnMobile?: boolean;
}

export function Logo({ size = 30, compactOnMobile = false }: LogoProps) {
  return (
    <Group gap={8} wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <radialGradient id="starhold-core" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="#fff" />
            <stop offset="45%" stopColor="var(--mantine-primary-color-3)" />
            <stop offset="100%" stopColor="var(--mantine-primary-color-8)" />
          </radialGradient>
        </defs>
        <ellipse
          cx="16"
          cy="16"
          rx="14.5"
          ry="5.5"
          fill="none"
          stroke="var(--mantine-primary-color-4)"
          strokeWidth="1.5"
          transform="rotate(-24 16 16)"
          opacity="0.9"
        />
        <circle cx="16" cy="16" r="7.5" fill="url(#starhold-core)" />
        <path
          d="M16 3 L17.2 14.8 L29 16 L17.2 17.2 L16 29 L14.8 17.2 L3 16 L14.8 14.8 Z"
          fill="#fff"
          opacity="0.35"
        />
      </svg>
      <Text
        fw={800}
        size="lg"
        lts={2.5}
        tt="uppercase"
        ff="heading"
        visibleFrom={compactOnMobile ? 'xs' : undefined}
      >
        Starhold
      </Text>
    </Group>
  );
}
