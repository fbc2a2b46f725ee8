import { useParams } from 'react-router';
import { SystemDetailPage } from './components/SystemDetailPage';
import { SystemsMapPage } from './components/SystemsMapPage';

/** The router mounts this screen on /systems and on /systems/:systemId. */
export default function SystemsScreen() {
  const { systemId } = useParams();
  return systemId === undefined ? (
    <SystemsMapPage />
  ) : (
    <SystemDetailPage key={systemId} systemId={systemId} />
  );
}
