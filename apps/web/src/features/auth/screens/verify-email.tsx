import { CodeVerification } from '../components/code-verification';

/** /verify-email (seed §2). */
export default function VerifyEmailScreen() {
  return <CodeVerification kind="email" />;
}
