import { DefensesPage } from './components/DefensesPage';

export default DefensesPage;
