import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const catalogueRoutes = /* @__PURE__ */ defineRoutes({
  listFeaturedProducts: ['GET', '/products/featuredandnew'],
  searchProducts: ['GET', '/products/search'],
  listRelatedProducts: ['GET', '/products/categoryProducts/:categoryId'],
  listProducts: ['GET', '/products'],
  getProduct: ['GET', '/products/:id'],
  listCategories: ['GET', '/category'],
  listBrands: ['GET', '/brands'],
  getImage: ['GET', '/images/:file'],
  createProduct: ['POST', '/products'],
  updateProduct: ['PUT', '/products/:id'],
  deleteProduct: ['DELETE', '/products/:id'],
  adjustStock: ['POST', '/products/:id/stock'],
  deleteProductImage: ['POST', '/products/deleteProductImage'],
  createCategory: ['POST', '/category'],
  updateCategory: ['PUT', '/category/:id'],
  deleteCategory: ['DELETE', '/category/:id'],
  listSearchSynonyms: ['GET', '/search/synonyms'],
  createSearchSynonym: ['POST', '/search/synonyms'],
  updateSearchSynonym: ['PUT', '/search/synonyms/:id'],
  deleteSearchSynonym: ['DELETE', '/search/synonyms/:id'],
});
