import { ModulesScreen } from '../../../components/economy/ModulesScreen';

export function BuildingsPage() {
  return <ModulesScreen kind="buildings" />;
}
