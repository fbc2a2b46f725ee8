import { SimulatorPage } from './components/SimulatorPage';

export default SimulatorPage;
