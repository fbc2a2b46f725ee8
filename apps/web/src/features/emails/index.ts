import { EmailsPage } from './components/EmailsPage';

export default EmailsPage;
