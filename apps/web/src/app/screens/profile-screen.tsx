import { AccountDetails } from '../../features/auth/components/account-details';
import { SecurityPanel } from '../../features/auth/components/security-panel';
import { YourData } from '../../features/auth/components/your-data';
import ProfilePage from '../../features/profile/screens/profile';

/** /profile: the profile feature's page with the auth feature's details form and Security panel. */
export default function ProfileScreen() {
  return (
    <ProfilePage
      security={
        <>
          <AccountDetails />
          <SecurityPanel />
          <YourData />
        </>
      }
    />
  );
}
