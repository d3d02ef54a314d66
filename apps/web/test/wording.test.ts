import { describe, expect, it } from 'vitest';
import { MESSAGE_CATALOGUE } from '@urembo/contract/message-catalogue';
import { en } from '../src/i18n/catalogues/en';
import { enAccount } from '../src/i18n/catalogues/en-account';

/**
 * "Signin", "Signup" (one word) or a capitalised "Sign-in"/"Sign-up" where the verb belongs ("Sign in", "Sign up").
 * Nouns keep their hyphen in lower case ("Two-factor sign-in", "Sign-in history").
 */
const WRONG_SIGN = /\b[Ss]ign(in|up)\b|\bSign-(in|up)\b|\bsign-up\b/;
const NOUNS = /Sign-in history|sign-ins?\b/g;

describe('the words a customer reads', () => {
  it('say "Sign in" and "Sign up", and "code" for one-time codes', () => {
    const texts: Array<[string, string]> = [
      ...Object.entries(en),
      ...Object.entries(enAccount),
      ...Object.entries(MESSAGE_CATALOGUE)
        // POST /auth/newVerificationToken answers "New token sent" as the API documents; the storefront shows its
        // own "Code sent to …" (verify.codeSent).
        .filter(([key]) => key !== 'codeSent')
        .map(([key, text]): [string, string] => [key, text.en]),
    ];
    for (const [key, text] of texts) {
      expect(text.replace(NOUNS, ''), key).not.toMatch(WRONG_SIGN);
      expect(text, key).not.toMatch(/\btokens?\b/i);
    }
    expect(enAccount['signin.submit']).toBe('Sign in');
    expect(enAccount['signup.submit']).toBe('Sign up');
    // The header's and the phone menu's links too.
    expect(en['nav.signIn']).toBe('Sign in');
  });
});
