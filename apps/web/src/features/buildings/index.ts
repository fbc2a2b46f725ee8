import { BuildingsPage } from './components/BuildingsPage';

export default BuildingsPage;
