/**
 * The web app's routes (seed-spec §2). The server answers index.html for all of them with 200; any other path gets
 * the same app (which shows the not-found page) with status 404, so search engines do not index soft 404s.
 */
const CLIENT_ROUTES: RegExp[] = [
  /^\/$/,
  /^\/shop$/,
  /^\/search$/,
  /^\/cart$/,
  /^\/checkout$/,
  /^\/orders(\/[^/]+)?$/,
  /^\/order\/[^/]+$/,
  /^\/review-order\/[^/]+$/,
  /^\/mpesa-form\/[^/]+$/,
  /^\/payment\/[^/]+$/,
  /^\/product\/[^/]+$/,
  /^\/profile$/,
  /^\/signin$/,
  /^\/signup$/,
  /^\/verify-email$/,
  /^\/verify-phone$/,
  /^\/reset-password\/[^/]+$/,
  /^\/admin\/[^/]+\/[^/]+$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CLIENT_ROUTES.some((re) => re.test(path));
}
