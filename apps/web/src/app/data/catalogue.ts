/** The catalogue (features/catalogue): its keys, so a review refreshes the ratings, and a product's query. */
export { catalogueKeys, productQuery } from '../../features/catalogue/api';
