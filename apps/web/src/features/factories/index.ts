import { FactoriesPage } from './components/FactoriesPage';

export default FactoriesPage;
