import { PlayerPage } from './components/PlayerPage';

export default PlayerPage;
