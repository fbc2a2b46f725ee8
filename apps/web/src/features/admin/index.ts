import { AdminScreen } from './components/AdminScreen';

export default AdminScreen;
