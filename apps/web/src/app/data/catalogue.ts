/**
 * The catalogue (features/catalogue): its keys, so a review refreshes the ratings, a product's query, and the
 * categories (a discount code may name some).
 */
export { catalogueKeys, productQuery, useCategories } from '../../features/catalogue/api';
