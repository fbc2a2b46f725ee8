import { DashboardPage } from './components/DashboardPage';

export default DashboardPage;
