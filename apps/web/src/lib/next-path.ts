/**
 * Where to go after signing in or up: `?next=/path` on /signin and /signup, so a shopper comes back to the page she
 * was on (a cart, a product, the checkout). Only a path of this shop is followed, never another site.
 */
export function nextPathFrom(search: string): string | null {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex -- a control character in a path is never a page of the shop
  if (next.length > 500 || /[\u0000-\u001f]/.test(next)) return null;
  // Back to the sign-in or sign-up form would be a loop.
  if (/^\/(signin|signup)(?=$|[/?#])/.test(next)) return null;
  return next;
}

/** /signin or /signup, bringing the shopper back to `path` afterwards. */
export function authHref(page: '/signin' | '/signup', path: string | null | undefined): string {
  if (!path || path === '/' || /^\/(signin|signup)(?=$|[/?#])/.test(path)) return page;
  return `${page}?next=${encodeURIComponent(path)}`;
}
