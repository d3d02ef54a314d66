import { Link } from 'wouter';
import { UserIcon } from './icons';

/** What a private screen shows a visitor (seed §2): "You are not signed in yet" with a way to sign up. */
export function SignedOutNotice({ reason }: { reason: string }) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <UserIcon width={30} height={30} />
      </span>
      <h1 className="mt-5 font-display text-2xl font-semibold text-brand-800">You are not signed in yet</h1>
      <p className="mt-2 text-stone-600">{reason}</p>
      <div className="mt-7 flex flex-wrap justify-center gap-3">
        <Link to="/signup" className="btn-primary">
          Sign-up
        </Link>
        <Link to="/signin" className="btn-outline">
          Sign-in
        </Link>
      </div>
    </section>
  );
}
