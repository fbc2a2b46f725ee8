import { LeaderboardPage } from './components/LeaderboardPage';

export default LeaderboardPage;
