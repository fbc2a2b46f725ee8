import {
  Badge,
  Box,
  Button,
  Card,
  Divider,
  Group,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArrowLeft, IconInbox, IconMailOpened, IconSearch } from '@tabler/icons-react';
import type { Email } from '@starhold/contract';
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { publicProfileQueryOptions } from '../../../api/accounts';
import { useMe } from '../../../api/me';
import { usePlanets } from '../../../api/planets';
import { reportIdOf } from '../../../api/reports';
import { useSystemsById } from '../../../api/systems';
import { Spinner } from '../../../components/Spinner';
import { systemClock } from '../../../lib/clock';
import { appLocale, formatDate, formatDateTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useEmail, useInbox, useMarkRead } from '../api';
import { emailTexts, filterByTitle, parseEmailParams, type EmailTextContext } from '../../../lib/email-texts';
import { NpcAvatar } from './NpcAvatar';
import { ReportView } from './ReportView';
import classes from './emails.module.css';
import { MOBILE_QUERY } from '../../../lib/breakpoints';

/** Account ids a fleet email may name (FLEETS.md section 8 notices). */
const ACCOUNT_PARAMS = [
  'attacker_id',
  'defender_id',
  'target_id',
  'spy_id',
  'from_account_id',
  'to_account_id',
];

/**
 * What the texts need: translations, the player's race, and for the fleet emails of `email` the
 * systems by name, the player's planets and the other players' names (their public profiles).
 */
function useTextContext(email?: Email): EmailTextContext {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const locale = appLocale(i18n.language);
  const systems = useSystemsById(email !== undefined);
  const planets = usePlanets();
  const params = email ? parseEmailParams(email.params) : {};
  const ids = [
    ...new Set(
      ACCOUNT_PARAMS.map((key) => params[key]).filter(
        (id): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0,
      ),
    ),
  ];
  const profiles = useQueries({
    queries: ids.map((id) => publicProfileQueryOptions(id)),
  });
  const names = new Map(ids.map((id, index) => [id, profiles[index]?.data?.username]));
  return {
    t,
    raceId: me.data?.race.id ?? 1,
    formatDate: (iso) => formatDateTime(iso, { locale }),
    systems: systems.data,
    planets: new Map(
      (planets.data ?? []).map((planet) => [
        planet.id,
        {
          name: planet.name,
          systemId: planet.planet_position.system_id,
          orbit: planet.planet_position.index,
        },
      ]),
    ),
    accountName: (id) => (id === me.data?.id ? me.data.username : names.get(id)),
  };
}

/** The fleet emails that carry a report (`report_id`), shown under their text. */
const REPORT_TITLES = new Set(['combat_report', 'spy_report', 'pirate_ambush']);

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Stack align="center" justify="center" gap="xs" py={60} px="md" ta="center" h="100%">
      <ThemeIcon size={64} radius="xl" variant="light">
        {icon}
      </ThemeIcon>
      <Text fw={700} size="lg">
        {title}
      </Text>
      <Text c="dimmed" size="sm" maw={360}>
        {text}
      </Text>
    </Stack>
  );
}

function InboxItem({
  email,
  title,
  selected,
  onSelect,
}: {
  email: Email;
  title: string;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('emails');
  return (
    <UnstyledButton
      className={classes.item}
      data-selected={selected || undefined}
      data-unread={!email.read || undefined}
      onClick={onSelect}
      aria-current={selected ? 'true' : undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <NpcAvatar size={36} />
        <Box miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {t('npc.name')}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(email.created_at)}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" mt={2}>
            <Text size="sm" fw={email.read ? 500 : 700} lineClamp={2} style={{ flex: 1 }}>
              {title}
            </Text>
            {!email.read && (
              <Badge size="xs" color="red" variant="filled" className={classes.unreadBadge}>
                {t('unreadBadge')}
              </Badge>
            )}
          </Group>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

function EmailReader({ id, onBack }: { id: number; onBack?: () => void }) {
  const { t } = useTranslation('emails');
  const me = useMe();
  const email = useEmail(id);
  const context = useTextContext(email.data);
  const markRead = useMarkRead();
  const unread = email.data !== undefined && !email.data.read;
  const { mutate } = markRead;
  useEffect(() => {
    if (unread) mutate(id);
  }, [unread, id, mutate]);

  const back = onBack && (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} mb="sm" px={0}>
      {t('back')}
    </Button>
  );
  if (email.isPending) return <Spinner centered />;
  if (!email.data) {
    return (
      <>
        {back}
        <EmptyState icon={<IconMailOpened size={32} />} title={t('notFound')} text={t('noSelection.text')} />
      </>
    );
  }
  const texts = emailTexts(email.data, context);
  const reportId = REPORT_TITLES.has(email.data.title) ? reportIdOf(email.data) : null;
  return (
    <article aria-labelledby="email-title">
      {back}
      <Title order={2} id="email-title" size="h3" mb="md">
        {texts.title}
      </Title>
      <Group gap="sm" wrap="nowrap" mb="md">
        <NpcAvatar size={52} />
        <Box miw={0}>
          <Text fw={700}>{t('npc.name')}</Text>
          <Text size="sm" c="dimmed">
            {t('npc.role')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('npc.to', { username: me.data?.username ?? '' })} ·{' '}
            {t('receivedAt', { date: formatDateTime(email.data.created_at) })}
          </Text>
        </Box>
      </Group>
      <Divider mb="md" />
      <Text className={classes.body}>{texts.text}</Text>
      {reportId !== null && (
        <>
          <Divider my="md" />
          <ReportView id={reportId} />
        </>
      )}
    </article>
  );
}

/** The header's date follows midnight within a minute. */
const DATE_REFRESH_MS = 60_000;

export function EmailsPage() {
  const { t } = useTranslation('emails');
  const context = useTextContext();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState('');
  const inbox = useInbox();
  const today = useNow(systemClock, DATE_REFRESH_MS);
  const rawId = params.get('id');
  const selectedId = rawId !== null && /^\d+$/.test(rawId) ? Number(rawId) : null;

  const emails = useMemo(() => inbox.data?.pages.flatMap((page) => page.data) ?? [], [inbox.data]);
  const meta = inbox.data?.pages.at(-1)?.meta;
  const titled = emails.map((email) => ({ email, title: emailTexts(email, context).title }));
  const visible = filterByTitle(titled, query, (entry) => entry.title);

  const select = (id: number | null) => setParams(id === null ? {} : { id: String(id) });

  const list = (
    <Card p={0} className={classes.inbox} withBorder>
      <Stack gap="xs" p="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={6} wrap="nowrap" miw={0}>
            <IconInbox size={18} style={{ flexShrink: 0 }} />
            <Text fw={700} truncate>
              {t('inbox')}
            </Text>
          </Group>
          {meta && meta.unread > 0 && (
            <Badge size="sm" color="red" variant="light" style={{ flexShrink: 0 }}>
              {t('unread', { count: meta.unread })}
            </Badge>
          )}
        </Group>
        {meta && (
          <Text size="xs" c="dimmed" mt={-6}>
            {t('count', { count: meta.total })}
          </Text>
        )}
        <TextInput
          size="sm"
          leftSection={<IconSearch size={16} />}
          placeholder={t('filter')}
          aria-label={t('filter')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </Stack>
      <Divider />
      <ScrollArea.Autosize mah={phone ? undefined : 'calc(100dvh - 230px)'} type="auto">
        {inbox.isPending && <Spinner centered />}
        {inbox.isError && emails.length === 0 && (
          <Stack align="center" gap="xs" p="md">
            <EmptyState
              icon={<IconAlertTriangle size={32} />}
              title={t('loadError.title')}
              text={t('loadError.text')}
            />
            <Button variant="light" size="xs" onClick={() => void inbox.refetch()}>
              {t('loadError.retry')}
            </Button>
          </Stack>
        )}
        {!inbox.isPending && !inbox.isError && emails.length === 0 && (
          <EmptyState icon={<IconInbox size={32} />} title={t('empty.title')} text={t('empty.text')} />
        )}
        {emails.length > 0 && visible.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" p="md">
            {t('noMatch', { query })}
          </Text>
        )}
        <Stack gap={0} role="list" aria-label={t('inbox')}>
          {visible.map(({ email, title }) => (
            <div role="listitem" key={email.id}>
              <InboxItem
                email={email}
                title={title}
                selected={email.id === selectedId}
                onSelect={() => select(email.id)}
              />
            </div>
          ))}
        </Stack>
        {inbox.hasNextPage && (
          <Box p="sm">
            <Button
              fullWidth
              variant="light"
              size="xs"
              loading={inbox.isFetchingNextPage}
              onClick={() => void inbox.fetchNextPage()}
            >
              {t('loadMore')}
            </Button>
          </Box>
        )}
      </ScrollArea.Autosize>
    </Card>
  );

  const reader =
    selectedId === null ? (
      <EmptyState
        icon={<IconMailOpened size={32} />}
        title={t('noSelection.title')}
        text={t('noSelection.text')}
      />
    ) : (
      <EmailReader key={selectedId} id={selectedId} {...(phone ? { onBack: () => select(null) } : {})} />
    );

  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          {formatDate(today)}
        </Text>
      </Group>
      {phone ? (
        selectedId === null ? (
          list
        ) : (
          <Card withBorder p="md">
            {reader}
          </Card>
        )
      ) : (
        <div className={classes.columns}>
          {list}
          <Card withBorder p="xl" className={classes.reader}>
            {reader}
          </Card>
        </div>
      )}
    </Stack>
  );
}
