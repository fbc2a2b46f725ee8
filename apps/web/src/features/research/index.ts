import { ResearchPage } from './components/ResearchPage';

export default ResearchPage;
