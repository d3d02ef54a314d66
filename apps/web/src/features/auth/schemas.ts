/**
 * The auth forms' schemas, from the contract, loaded on demand (lib/form-errors.ts useFormCheck): the sign-in
 * page a visitor lands on does not download zod. `prefetchAuthSchemas` starts the download when a form is first
 * touched, so it is there by the time the shopper submits.
 */
export const authSchemas = () => import('@urembo/contract/auth');

export function prefetchAuthSchemas(): void {
  // A failed prefetch is retried by the submit, which tells the shopper if it fails again.
  authSchemas().catch(() => undefined);
}
