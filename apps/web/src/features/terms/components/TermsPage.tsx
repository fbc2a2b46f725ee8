import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export const TERMS_SECTIONS = [
  'account',
  'gameplay',
  'behavior',
  'trading',
  'alliances',
  'moderation',
  'updates',
  'liability',
] as const;

export function TermsPage() {
  const { t } = useTranslation('terms');
  return (
    <Container size="md" py="xl">
      <Paper
        p={{ base: 'lg', sm: 'xl' }}
        style={{ background: 'rgba(13, 18, 30, 0.88)', backdropFilter: 'blur(12px)' }}
      >
        <Stack gap="lg">
          <Anchor component={Link} to="/login" size="sm">
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle' }} /> {t('back')}
          </Anchor>
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed" size="sm">
              {t('intro', { age: 13 })}
            </Text>
          </div>
          {TERMS_SECTIONS.map((section, index) => (
            <section key={section} aria-labelledby={`terms-${section}`}>
              <Title order={3} id={`terms-${section}`} mb={6}>
                {index + 1}. {t(`sections.${section}.title`)}
              </Title>
              <Text size="sm" lh={1.7}>
                {t(`sections.${section}.body`, { age: 13 })}
              </Text>
            </section>
          ))}
        </Stack>
      </Paper>
    </Container>
  );
}
