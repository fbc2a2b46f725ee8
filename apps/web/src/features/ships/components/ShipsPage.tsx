import { ModulesScreen } from '../../../components/economy/ModulesScreen';

export function ShipsPage() {
  return <ModulesScreen kind="ships" />;
}
