import type { Goal, GoalReward } from '@starhold/contract';
import type { TFunction } from 'i18next';
import { moduleTextKey } from '../../../components/economy/module-view';
import type { ModuleKind } from '../../../components/economy/module-kinds';
import { formatInteger } from '../../../lib/format';

/** The route of the screen a goal links to, with the module opened where there is one. */
export function goalRoute(link: Goal['link']): string {
  const withId = (path: string) => (link.module_id === null ? path : `${path}?id=${link.module_id}`);
  switch (link.screen) {
    case 'factories':
      return withId('/planet/factories');
    case 'buildings':
      return withId('/planet/buildings');
    case 'research':
      return withId('/account/research');
    case 'ships':
      return withId('/planet/ships');
    case 'systems':
      return '/systems';
  }
}

const LEVEL_KINDS: Partial<Record<Goal['link']['screen'], ModuleKind>> = {
  factories: 'factories',
  buildings: 'buildings',
  research: 'researchs',
};

/**
 * A goal's title and what to do: level goals are named after their module (building names differ
 * by race), the others have their own texts.
 */
export function goalTexts(goal: Goal, raceId: number, t: TFunction): { title: string; hint: string } {
  const kind = LEVEL_KINDS[goal.link.screen];
  if (kind !== undefined && goal.link.module_id !== null) {
    const name = t(`${moduleTextKey(kind, goal.link.module_id, raceId)}.name`);
    const fuel = goal.key.startsWith('fuel_synthesizer');
    return {
      title: t('goals:level', { name, level: goal.progress.target }),
      hint: fuel ? t('goals:hint.fuel') : t(`goals:hint.${goal.link.screen}`),
    };
  }
  return { title: t(`goals:special.${goal.key}.title`), hint: t(`goals:special.${goal.key}.hint`) };
}

/** The reward's parts that are not zero, each with its name: "60 Métal, 30 Cristal, 10 NMI". */
export function rewardParts(reward: GoalReward, t: TFunction, locale: string): string[] {
  const parts: string[] = [];
  const resources = [
    [1, reward.metal],
    [2, reward.crystal],
    [3, reward.fuel],
  ] as const;
  for (const [id, value] of resources)
    if (value > 0) parts.push(`${formatInteger(value, locale)} ${t(`common:resources.names.${id}`)}`);
  if (reward.nmi > 0) parts.push(t('goals:nmi', { value: formatInteger(reward.nmi, locale) }));
  return parts;
}
