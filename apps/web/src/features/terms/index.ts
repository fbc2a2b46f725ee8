import { TermsPage } from './components/TermsPage';

export default TermsPage;
