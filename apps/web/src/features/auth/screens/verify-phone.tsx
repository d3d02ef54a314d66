import { CodeVerification } from '../components/code-verification';

/** /verify-phone (seed §2). */
export default function VerifyPhoneScreen() {
  return <CodeVerification kind="phone" />;
}
