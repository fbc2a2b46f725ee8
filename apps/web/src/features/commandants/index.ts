import { CommandantsPage } from './components/CommandantsPage';

export default CommandantsPage;
