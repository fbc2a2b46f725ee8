import { ModulesScreen } from '../../../components/economy/ModulesScreen';

export function FactoriesPage() {
  return <ModulesScreen kind="factories" />;
}
