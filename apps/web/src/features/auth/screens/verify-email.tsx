import { CodeVerification } from '../components/code-verification';

/** /verify-email. */
export default function VerifyEmailScreen() {
  return <CodeVerification kind="email" />;
}
