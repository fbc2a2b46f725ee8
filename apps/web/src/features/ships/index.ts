import { ShipsPage } from './components/ShipsPage';

export default ShipsPage;
