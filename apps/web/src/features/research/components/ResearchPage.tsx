import { ModulesScreen } from '../../../components/economy/ModulesScreen';

export function ResearchPage() {
  return <ModulesScreen kind="researchs" />;
}
