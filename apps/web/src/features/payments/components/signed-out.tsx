import { Link } from 'wouter';

/** What a payment screen shows a visitor (seed: "You are not signed in yet"). */
export function SignedOutNotice() {
  return (
    <section className="mx-auto max-w-md px-6 py-16 text-center">
      <h1 className="font-display text-2xl font-semibold text-brand-800">You are not signed in yet</h1>
      <p className="mt-2 text-stone-600">Sign in to pay for your order.</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/signin" className="btn-primary">
          Sign-in
        </Link>
        <Link to="/signup" className="btn-outline">
          Sign-up
        </Link>
      </div>
    </section>
  );
}
