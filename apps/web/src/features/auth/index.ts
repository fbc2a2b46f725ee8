import { AuthScreen } from './components/AuthScreen';

export default AuthScreen;
