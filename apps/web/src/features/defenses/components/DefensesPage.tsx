import { ModulesScreen } from '../../../components/economy/ModulesScreen';

export function DefensesPage() {
  return <ModulesScreen kind="defenses" />;
}
