/** The id of the `<script type="application/json">` holding the server render's query answers (dehydrated). */
export const SSR_STATE_ID = 'urembo-state';
