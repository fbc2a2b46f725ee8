import { Anchor, Text } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlockedReason } from './blocked-reason';
import { formatBuildTime } from './economy-format';
import { MODULE_KINDS } from './module-kinds';
import { moduleTextKey } from './module-view';

/**
 * Why an action is refused, in one short sentence: the missing prerequisite (linked), the full
 * queue or capacity, or when the resources will be there ("never" names the factory to build).
 */
export function BlockedReasonText({
  reason,
  raceId,
  size = 'xs',
}: {
  reason: BlockedReason;
  /** The player's race: building names differ by race. */
  raceId: number;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation('economy');
  const moduleName = (kind: 'buildings' | 'researchs' | 'factories', id: number) =>
    t(`${moduleTextKey(kind, id, raceId)}.name`);
  let content: React.ReactNode;
  switch (reason.kind) {
    case 'requirements':
      content = (
        <>
          {t('blocked.requires')}{' '}
          {reason.missing.map((missing, index) => (
            <Fragment key={`${missing.kind}${missing.id}`}>
              {index > 0 && ', '}
              <Anchor
                component={Link}
                to={`${MODULE_KINDS[missing.kind].route}?id=${missing.id}`}
                size={size}
                inherit
              >
                {t('blocked.requirement', {
                  name: moduleName(missing.kind, missing.id),
                  level: missing.level,
                })}
              </Anchor>
            </Fragment>
          ))}
        </>
      );
      break;
    case 'queue-full':
      content = t('blocked.queueFull', { length: reason.length, max: reason.max });
      break;
    case 'capacity-full':
      content = t('blocked.capacityFull', { used: reason.used, max: reason.max });
      break;
    case 'resources':
      if (reason.wait.kind === 'no-production') {
        content =
          reason.factoryId === undefined ? (
            t('blocked.never')
          ) : (
            <>
              {t('blocked.neverBuild')}{' '}
              <Anchor component={Link} to={`/planet/factories?id=${reason.factoryId}`} size={size} inherit>
                {moduleName('factories', reason.factoryId)}
              </Anchor>
            </>
          );
      } else {
        content = t('blocked.resourcesIn', { time: formatBuildTime(reason.wait.seconds) });
      }
      break;
    case 'unknown':
      content = t('blocked.unknown');
      break;
  }
  return (
    <Text size={size} c="orange.4" lh={1.3} data-testid="blocked-reason" data-reason={reason.kind}>
      {content}
    </Text>
  );
}
