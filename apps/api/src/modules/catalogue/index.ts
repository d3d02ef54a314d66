// The catalogue's public face: its service, its pictures and stock (which orders move), and the server-rendered
// pages' heads and the sitemap.
export * as catalogueRoutes from './routes';
export { CatalogueService } from './service';
export { toProductDto } from './dto';
export { encodeVariants, imageFileName, imageStoreFor, imageUrl } from './images';
export {
  findCategoryById,
  findCategoryLocked,
  findProductsForPricing,
  giveBackStock,
  imageHashesFor,
  lockProductForRating,
  setProductRating,
  takeStock,
} from './repository';
export { productPageRenderer, siteRoutes } from './seo';
export {
  describeVariant,
  findVariant,
  giveBackVariantStock,
  parseVariantOptions,
  takeVariantStock,
  toVariantDto,
  variantsFor,
  type VariantRow,
} from './variants';
export { slugify } from './slugs';
