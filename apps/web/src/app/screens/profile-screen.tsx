import { SecurityPanel } from '../../features/auth/components/security-panel';
import ProfilePage from '../../features/profile/screens/profile';

/** /profile: the profile feature's page with the auth feature's Security panel (devices, password). */
export default function ProfileScreen() {
  return <ProfilePage security={<SecurityPanel />} />;
}
