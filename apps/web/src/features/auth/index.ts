import { LoginPage } from './components/LoginPage';

export default LoginPage;
