import { lastMonthExpiringWithin, nairobiMonth } from '@urembo/contract/product-facts';
import type { DemoProduct } from './products';

/*
 * The demo products' brands, registrations, best-before months and ingredient lists. The brands are made up for the
 * demo (so no real maker's permit number is invented); the ingredient lists read as real packs do (INCI names).
 */

export interface DemoFacts {
  brand: string;
  /** Best before ("YYYY-MM"); null for tools and accessories. */
  expiresOn: string | null;
  registration: string | null;
  ingredients: string | null;
}

const BRAND_OF_CATEGORY: Record<string, string> = {
  'Skin Care': 'Savanna Glow',
  'Make-up': 'Zuri Cosmetics',
  'Hair Care': 'Nywele Naturals',
  Fragrance: 'Lamu Scents',
  'Body Care': 'Mlima Naturals',
  'Nail Care': 'Kucha Lacquer',
  "Men's Grooming": 'Simba Grooming',
  'Tools & Accessories': 'Urembo Tools',
};

/** Ingredient lists of particular products; the others take their category's. */
export const INGREDIENTS: Record<string, string> = {
  'Rose Water Toner':
    'Rosa Damascena Flower Water, Glycerin, Aloe Barbadensis Leaf Juice, Sodium Benzoate, Citric Acid',
  'Niacinamide 10% Serum':
    'Aqua, Niacinamide, Zinc PCA, Pentylene Glycol, Tamarindus Indica Seed Gum, Xanthan Gum, Phenoxyethanol, Ethylhexylglycerin',
  'Vitamin C Brightening Serum':
    'Aqua, Ascorbyl Glucoside, Propanediol, Glycerin, Ferulic Acid, Tocopherol, Sodium Hyaluronate, Phenoxyethanol',
  'SPF 50 Sunscreen Gel':
    'Aqua, Ethylhexyl Methoxycinnamate, Bis-Ethylhexyloxyphenol Methoxyphenyl Triazine, Ethylhexyl Salicylate, Glycerin, Alcohol Denat., Carbomer, Tocopherol',
  'Hyaluronic Acid Moisturiser':
    'Aqua, Glycerin, Caprylic/Capric Triglyceride, Sodium Hyaluronate, Cetearyl Alcohol, Squalane, Ceramide NP, Phenoxyethanol',
  'Aloe Vera Soothing Gel':
    'Aloe Barbadensis Leaf Juice, Glycerin, Carbomer, Allantoin, Sodium Hydroxide, Phenoxyethanol',
  'Charcoal Clay Face Mask':
    'Kaolin, Bentonite, Aqua, Charcoal Powder, Glycerin, Salicylic Acid, Phenoxyethanol',
  'Gentle Foaming Cleanser':
    'Aqua, Sodium Cocoyl Glycinate, Cocamidopropyl Betaine, Glycerin, Panthenol, Citric Acid, Sodium Benzoate',
  'Moringa Night Cream':
    'Aqua, Butyrospermum Parkii Butter, Moringa Oleifera Seed Oil, Cetearyl Alcohol, Glycerin, Niacinamide, Tocopherol, Phenoxyethanol',
  'Jamaican Black Castor Oil': 'Ricinus Communis Seed Oil',
  'Raw Shea Butter 250g': 'Butyrospermum Parkii Butter',
  'Baobab Body Oil': 'Adansonia Digitata Seed Oil, Simmondsia Chinensis Seed Oil, Tocopherol, Parfum',
  'Even Tone Body Lotion SPF 30':
    'Aqua, Glycerin, Niacinamide, Ethylhexyl Methoxycinnamate, Butyl Methoxydibenzoylmethane, Butyrospermum Parkii Butter, Licorice Root Extract, Phenoxyethanol',
  'Chebe Hair Growth Butter':
    'Butyrospermum Parkii Butter, Croton Zambesicus Seed Powder, Cocos Nucifera Oil, Ricinus Communis Seed Oil, Parfum',
  'Tea Tree Scalp Oil':
    'Caprylic/Capric Triglyceride, Melaleuca Alternifolia Leaf Oil, Rosmarinus Officinalis Leaf Oil, Tocopherol',
  'Coffee Body Scrub':
    'Coffea Arabica Seed Powder, Sucrose, Cocos Nucifera Oil, Butyrospermum Parkii Butter, Tocopherol',
};

const CATEGORY_INGREDIENTS: Record<string, string> = {
  'Skin Care':
    'Aqua, Glycerin, Butyrospermum Parkii Butter, Cetearyl Alcohol, Niacinamide, Tocopherol, Phenoxyethanol',
  'Make-up':
    'Ricinus Communis Seed Oil, Cera Alba, Euphorbia Cerifera Wax, Tocopherol, CI 77491, CI 77492, CI 77499, CI 15850',
  'Hair Care':
    'Aqua, Butyrospermum Parkii Butter, Cocos Nucifera Oil, Cetearyl Alcohol, Behentrimonium Chloride, Glycerin, Parfum, Phenoxyethanol',
  Fragrance: 'Alcohol Denat., Parfum, Aqua, Limonene, Linalool, Citronellol, Coumarin',
  'Body Care':
    'Aqua, Glycerin, Butyrospermum Parkii Butter, Theobroma Cacao Seed Butter, Cetearyl Alcohol, Parfum, Phenoxyethanol',
  'Nail Care':
    'Butyl Acetate, Ethyl Acetate, Nitrocellulose, Acetyl Tributyl Citrate, Isopropyl Alcohol, Stearalkonium Bentonite',
  "Men's Grooming":
    'Aqua, Glycerin, Simmondsia Chinensis Seed Oil, Cedrus Atlantica Bark Oil, Salicylic Acid, Tocopherol, Phenoxyethanol',
};

/** The month `n` months after `month` ("YYYY-MM"). */
function addMonths(month: string, n: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m - 1 + n, 1)).toISOString().slice(0, 7);
}

/** The demo product whose best-before month ends within the dashboard's 60 days. */
export const DEMO_EXPIRING_SOON = 'Aloe Vera Soothing Gel';

/**
 * A demo product's facts, from its place in the list: best-before months spread from 7 to 30 months ahead of
 * `now`, except one product that expires within 60 days (the dashboard's list has something to show).
 */
export function demoFacts(product: DemoProduct, index: number, now: Date = new Date()): DemoFacts {
  const brand = BRAND_OF_CATEGORY[product.category] ?? 'Urembo';
  if (product.category === 'Tools & Accessories') {
    return { brand, expiresOn: null, registration: null, ingredients: null };
  }
  const expiresOn =
    product.name === DEMO_EXPIRING_SOON
      ? lastMonthExpiringWithin(60, now)
      : addMonths(nairobiMonth(now), 7 + ((index * 7) % 24));
  return {
    brand,
    expiresOn,
    // KEBS Standardisation Mark permits, made up for the demo: six digits from the product's place in the list.
    registration: `KEBS SM#${String(104_221 + index * 3_917).slice(0, 6)}`,
    ingredients: INGREDIENTS[product.name] ?? CATEGORY_INGREDIENTS[product.category] ?? null,
  };
}
