import { Fragment } from 'react';

/**
 * An email address that wraps before its "@" or after a dot ("wanjiku.kamau / @example / .co.ke") instead of in
 * the middle of a name, and mid-word only when one part alone is wider than its box.
 */
export function EmailText({ email, className = '' }: { email: string; className?: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className={`break-words ${className}`}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
