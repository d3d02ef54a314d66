/** The id of the `<script type="application/json">` holding the server render's query answers (dehydrated). */
export const SSR_STATE_ID = 'urembo-state';

/** JSON safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators that break parsing. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
