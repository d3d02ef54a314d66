import { CodeVerification } from '../components/code-verification';

/** /verify-phone. */
export default function VerifyPhoneScreen() {
  return <CodeVerification kind="phone" />;
}
