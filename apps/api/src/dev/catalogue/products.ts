import type { Backdrop, ShapeKind } from './pictures';

/* The demo shop's catalogue: 8 categories and their products, as a Nairobi beauty shop would stock them. */

export interface DemoCategory {
  name: string;
  description: string;
  backdrop: Backdrop;
}

export interface DemoProduct {
  name: string;
  category: string;
  price: number;
  kind: ShapeKind;
  color: string;
  cap?: string;
  tags: string[];
  description: string;
  usage: string;
  featured?: boolean;
  isNew?: boolean;
  inactive?: boolean;
  /** A second picture showing the texture. */
  swatch?: boolean;
  /** The earlier price, shown crossed out (a sale). */
  compareAtPrice?: number;
  /** Options (Shade, Size) and one variant per combination sold; a variant's colour draws its picture and swatch. */
  options?: { name: string; values: string[] }[];
  variants?: DemoVariant[];
}

export interface DemoVariant {
  sku: string;
  options: Record<string, string>;
  price: number;
  compareAtPrice?: number;
  stock: number | null;
  /** A shade: its swatch and the colour its own picture is drawn in. */
  color?: string;
}

const LIPSTICK_SHADES: [string, string, number][] = [
  ['Nairobi Red', '#b3202e', 14],
  ['Mocha', '#8a5a44', 3],
  ['Berry Plum', '#6e2143', 9],
  ['Rose Nude', '#b9776b', 0],
  ['Cocoa', '#5a3526', 11],
  ['Coral', '#e0604f', 6],
];

/** The demo's few products that are short, so the storefront's badges and the dashboard have something to show. */
const DEMO_SHORT_STOCK: Record<string, number> = {
  // Past the first page of every list, so the browser tests that buy the newest products are not refused.
  'Full Coverage Foundation Espresso': 0,
  'Rose Oud Eau de Parfum': 1,
  'Jamaican Black Castor Oil': 2,
  'SPF 50 Sunscreen Gel': 3,
  'Chebe Hair Growth Butter': 4,
};

/**
 * A demo product's stock: the short ones above, none tracked for tools and accessories (they are reordered as
 * needed), and a comfortable 12 to 51 units for the rest.
 */
export function demoStock(product: DemoProduct, index: number): number | null {
  if (product.name in DEMO_SHORT_STOCK) return DEMO_SHORT_STOCK[product.name]!;
  if (product.category === 'Tools & Accessories') return null;
  return 12 + ((index * 13) % 40);
}

const GOLD = '#cfa14a';
const BLACK = '#2b1a21';
const WHITE = '#f4efe9';

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: 'Skin Care',
    description:
      'Cleansers, toners, serums, moisturisers and sunscreen for melanin-rich skin in the Kenyan sun: clear, even and glowing.',
    backdrop: { light: '#fdeee4', deep: '#f3c1a5' },
  },
  {
    name: 'Make-up',
    description:
      'Foundations in deep and warm shades, long-wear matte lipsticks, palettes and mascara that last from matatu to dinner.',
    backdrop: { light: '#fde7ee', deep: '#eaa6be' },
  },
  {
    name: 'Hair Care',
    description:
      'Moisture for natural hair, locs and braids: leave-ins, butters, oils, edge control and braid sprays.',
    backdrop: { light: '#eaf2e4', deep: '#b3cea6' },
  },
  {
    name: 'Fragrance',
    description: 'Oud, musk and fresh florals: eau de parfum, perfume oils and body mists to wear every day.',
    backdrop: { light: '#efe8f7', deep: '#bda7db' },
  },
  {
    name: 'Body Care',
    description:
      'Shea and cocoa butters, African oils, scrubs and lotions for soft, even-toned skin from head to toe.',
    backdrop: { light: '#fbf1df', deep: '#e4c28c' },
  },
  {
    name: 'Nail Care',
    description: 'Gel-effect polishes in bold shades, base and top coats, cuticle care and gentle removers.',
    backdrop: { light: '#fde9e4', deep: '#efa697' },
  },
  {
    name: "Men's Grooming",
    description: 'Beard oils and balms, bump-free shaving, face wash and moisturisers made for men.',
    backdrop: { light: '#e6edf2', deep: '#9cb1c3' },
  },
  {
    name: 'Tools & Accessories',
    description: 'Brushes, sponges, combs, satin bonnets and bags: the tools that make a routine work.',
    backdrop: { light: '#e4f3ef', deep: '#9ccfc1' },
  },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  /* Skin Care */
  {
    name: 'Rose Water Toner',
    category: 'Skin Care',
    price: 850,
    kind: 'spray',
    color: '#f2a7bb',
    cap: WHITE,
    tags: ['toner', 'rose', 'hydrating', 'alcohol-free'],
    description:
      'Pure steam-distilled rose water that refreshes, tones and calms the skin without alcohol. Preps the face for serum and keeps make-up fresh through a hot Nairobi afternoon.',
    usage:
      'After cleansing, mist over the face and neck or sweep on with a cotton pad. Use morning and night.',
    featured: true,
    swatch: true,
  },
  {
    name: 'Niacinamide 10% Serum',
    category: 'Skin Care',
    price: 1950,
    kind: 'dropper',
    color: '#e9b872',
    cap: BLACK,
    tags: ['serum', 'niacinamide', 'dark spots', 'oily skin'],
    description:
      'A lightweight serum with 10% niacinamide and 1% zinc that fades dark marks, refines pores and balances oil. Fragrance free and gentle enough for daily use.',
    usage:
      'Apply 3 drops to clean skin morning and evening, before moisturiser. Follow with sunscreen in the day.',
    featured: true,
    isNew: true,
    swatch: true,
  },
  {
    name: 'Vitamin C Brightening Serum',
    category: 'Skin Care',
    price: 2400,
    compareAtPrice: 3000,
    kind: 'dropper',
    color: '#f0913a',
    cap: GOLD,
    tags: ['serum', 'vitamin c', 'glow', 'brightening'],
    description:
      'Stable vitamin C with ferulic acid and vitamin E for brighter, more even skin. Helps with hyperpigmentation and dullness in about four weeks.',
    usage: 'Apply 3 to 4 drops each morning after toner. Always follow with SPF.',
    featured: true,
  },
  {
    name: 'SPF 50 Sunscreen Gel',
    category: 'Skin Care',
    price: 1650,
    kind: 'tube',
    color: '#f7d56b',
    cap: WHITE,
    tags: ['sunscreen', 'spf 50', 'no white cast', 'oily skin'],
    description:
      'A clear, fast-absorbing gel with broad-spectrum SPF 50 PA++++. No white cast on dark skin and no greasy shine under make-up.',
    usage:
      'Apply two finger-lengths to face and neck as the last step of your morning routine. Reapply every 2 hours in the sun.',
    featured: true,
    swatch: true,
  },
  {
    name: 'Hyaluronic Acid Moisturiser',
    category: 'Skin Care',
    price: 1800,
    kind: 'jar',
    color: '#a9d4ea',
    cap: WHITE,
    tags: ['moisturiser', 'hyaluronic acid', 'dry skin', 'hydrating'],
    description:
      'A whipped gel-cream with three weights of hyaluronic acid and ceramides that holds water in the skin all day, even in air-conditioned offices.',
    usage: 'Massage a pea-sized amount into face and neck morning and night after serum.',
  },
  {
    name: 'Aloe Vera Soothing Gel',
    category: 'Skin Care',
    price: 650,
    kind: 'tube',
    color: '#8cc47a',
    cap: '#3d6b35',
    tags: ['aloe vera', 'soothing', 'after sun', 'sensitive skin'],
    description:
      '98% aloe vera from Baringo growers. Cools razor burn, sunburn and irritated skin in seconds.',
    usage:
      'Smooth a thin layer over the skin whenever it feels hot or tight. Keep in the fridge for extra cooling.',
    isNew: true,
  },
  {
    name: 'Charcoal Clay Face Mask',
    category: 'Skin Care',
    price: 1200,
    kind: 'jar',
    color: '#4a4a52',
    cap: '#1f1f24',
    tags: ['mask', 'charcoal', 'clay', 'pores'],
    description:
      'Kaolin clay and activated charcoal draw out oil and dirt and leave pores clearer after one use.',
    usage:
      'Spread an even layer over clean skin, avoiding the eyes. Rinse with warm water after 10 minutes. Use twice a week.',
  },
  {
    name: 'Gentle Foaming Cleanser',
    category: 'Skin Care',
    price: 980,
    kind: 'pump',
    color: '#bfe3dc',
    cap: WHITE,
    tags: ['cleanser', 'gentle', 'all skin types'],
    description:
      'A low-pH foam that removes sunscreen, sweat and make-up without leaving the skin tight or ashy.',
    usage: 'Pump once into wet hands, massage over a damp face for 30 seconds and rinse.',
  },
  {
    name: 'Moringa Night Cream',
    category: 'Skin Care',
    price: 2100,
    kind: 'jar',
    color: '#b8c97a',
    cap: GOLD,
    tags: ['night cream', 'moringa', 'repair', 'anti-ageing'],
    description:
      'A rich overnight cream with cold-pressed moringa oil, peptides and shea that restores tired skin while you sleep.',
    usage: 'Warm a small amount between the fingers and press into face and neck at bedtime.',
    isNew: true,
  },

  /* Make-up */
  {
    name: 'Matte Lipstick Nairobi Red',
    category: 'Make-up',
    price: 950,
    kind: 'lipstick',
    color: '#b3202e',
    cap: BLACK,
    tags: ['lipstick', 'matte', 'red', 'long wear'],
    description:
      'A bold blue-red that flatters every skin tone. Creamy on, then sets to a comfortable matte that lasts through lunch.',
    usage:
      'Line the lips, then apply from the centre outwards. Blot once and apply a second layer for full colour.',
    featured: true,
    swatch: true,
  },
  {
    name: 'Matte Lipstick Mocha Nude',
    category: 'Make-up',
    price: 950,
    kind: 'lipstick',
    color: '#8a5a44',
    cap: BLACK,
    tags: ['lipstick', 'matte', 'nude', 'brown'],
    description: 'The everyday brown nude for deep skin tones: warm, rich and never ashy.',
    usage: 'Apply straight from the bullet. Pair with a brown liner for definition.',
    isNew: true,
  },
  {
    name: 'Matte Lipstick Berry Plum',
    category: 'Make-up',
    price: 950,
    kind: 'lipstick',
    color: '#6e2143',
    cap: BLACK,
    tags: ['lipstick', 'matte', 'plum', 'berry'],
    description: 'A deep berry plum with a velvet finish for evenings out and weddings.',
    usage: 'Apply with a lip brush for crisp edges. Remove with an oil-based cleanser.',
  },
  {
    name: 'Full Coverage Foundation Espresso',
    category: 'Make-up',
    price: 2300,
    kind: 'pump',
    color: '#6b4130',
    cap: GOLD,
    tags: ['foundation', 'full coverage', 'deep shades', 'matte'],
    description:
      'A 24-hour, full-coverage foundation in a true deep shade with red undertones. Sweat and humidity resistant, with a natural matte finish.',
    usage: 'Shake, pump once onto the back of the hand and blend outwards with a damp sponge or brush.',
    featured: true,
    swatch: true,
  },
  {
    name: 'Velvet Setting Powder',
    category: 'Make-up',
    price: 1450,
    kind: 'compact',
    color: '#c48d63',
    cap: BLACK,
    tags: ['powder', 'setting', 'oil control'],
    description:
      'A finely milled pressed powder that sets make-up and controls shine without flashback in photos.',
    usage: 'Press over the T-zone with the puff after foundation; touch up during the day.',
  },
  {
    name: 'Sunset Eyeshadow Palette',
    category: 'Make-up',
    price: 2800,
    kind: 'palette',
    color: '#e0782c',
    cap: BLACK,
    tags: ['eyeshadow', 'palette', 'warm tones', 'shimmer'],
    description:
      'Nine warm mattes and shimmers inspired by a Maasai Mara sunset, richly pigmented for deep skin.',
    usage:
      'Apply the mattes with a fluffy brush in the crease, then press the shimmers onto the lid with a finger.',
    featured: true,
    isNew: true,
  },
  {
    name: 'Waterproof Volume Mascara',
    category: 'Make-up',
    price: 1100,
    kind: 'mascara',
    color: '#2a2a2e',
    cap: BLACK,
    tags: ['mascara', 'waterproof', 'volume'],
    description: 'Jet-black volume that survives rain, tears and the gym without flaking.',
    usage: 'Wiggle the brush from the root to the tips. Add a second coat while the first is wet.',
  },
  {
    name: 'Lip Gloss Honey Glow',
    category: 'Make-up',
    price: 700,
    kind: 'gloss',
    color: '#d79a5a',
    cap: GOLD,
    tags: ['lip gloss', 'shine', 'non-sticky'],
    description: 'A non-sticky golden gloss with shea oil that makes any lipstick shine.',
    usage: 'Wear alone or dab over lipstick in the centre of the lips.',
  },
  {
    name: 'Brow Pomade Dark Brown',
    category: 'Make-up',
    price: 850,
    kind: 'jar',
    color: '#4b3024',
    cap: BLACK,
    tags: ['brows', 'pomade', 'waterproof'],
    description: 'A creamy, waterproof pomade for sculpted brows that stay put all day.',
    usage: 'Take a little on an angled brush and draw short hair-like strokes. Brush through with a spoolie.',
  },

  /* Hair Care */
  {
    name: 'Shea & Coconut Leave-in Conditioner',
    category: 'Hair Care',
    price: 1350,
    kind: 'pump',
    color: '#f3e3c3',
    cap: '#7a5a3a',
    tags: ['leave-in', 'natural hair', 'shea', 'coconut'],
    description: 'Softens and detangles 4C hair, locks in moisture for days and smells of fresh coconut.',
    usage:
      'Work through damp hair section by section, then style as usual. Refresh dry hair with a little water.',
    isNew: true,
    featured: true,
  },
  {
    name: 'Edge Control Gel Extra Hold',
    category: 'Hair Care',
    price: 550,
    kind: 'jar',
    color: '#9b6fc4',
    cap: BLACK,
    tags: ['edge control', 'edges', 'extra hold', 'no flakes'],
    description:
      'Laid edges all day with no flakes, no white residue and no crunch. Castor oil keeps edges healthy.',
    usage:
      'Apply a small amount with a toothbrush or edge brush and shape. Tie a scarf for 10 minutes to set.',
    featured: true,
  },
  {
    name: 'Braid Sheen Spray',
    category: 'Hair Care',
    price: 750,
    kind: 'can',
    color: '#e2b93b',
    cap: BLACK,
    tags: ['braids', 'sheen spray', 'itch relief', 'locs'],
    description: 'Light oil spray with tea tree and peppermint that adds shine to braids and stops the itch.',
    usage:
      'Shake well and spray over braids or locs from 20 cm, focusing on the scalp. Use every 2 to 3 days.',
    featured: true,
  },
  {
    name: 'Jamaican Black Castor Oil',
    category: 'Hair Care',
    price: 1250,
    kind: 'bottle',
    color: '#3b2418',
    cap: GOLD,
    tags: ['castor oil', 'growth', 'edges', 'scalp'],
    description: 'Traditionally roasted castor oil for thicker-looking edges, brows and lashes.',
    usage:
      'Massage a few drops into the scalp or edges 3 times a week. Use as a hot oil treatment before washing.',
  },
  {
    name: 'Chebe Hair Growth Butter',
    category: 'Hair Care',
    price: 1600,
    kind: 'jar',
    color: '#c08552',
    cap: GOLD,
    tags: ['chebe', 'length retention', 'butter', 'natural hair'],
    description: 'Chadian chebe powder whipped into shea and mango butters to stop breakage and keep length.',
    usage: 'Apply to the lengths of damp, moisturised hair and seal the ends. Braid or twist to protect.',
    isNew: true,
  },
  {
    name: 'Sulphate-Free Moisture Shampoo',
    category: 'Hair Care',
    price: 1150,
    kind: 'pump',
    color: '#8fc1b5',
    cap: WHITE,
    tags: ['shampoo', 'sulphate-free', 'moisture'],
    description: 'A creamy low-lather shampoo that cleans the scalp without stripping curls.',
    usage:
      'Massage into a wet scalp, let the lather run through the lengths and rinse. Follow with conditioner.',
  },
  {
    name: 'Curl Defining Custard',
    category: 'Hair Care',
    price: 1400,
    kind: 'jar',
    color: '#f2c6d6',
    cap: WHITE,
    tags: ['curls', 'wash and go', 'definition'],
    description: 'Defines coils for a wash-and-go with soft hold and no crunch.',
    usage: 'Rake through soaking wet hair in small sections, then air dry or diffuse.',
  },
  {
    name: 'Tea Tree Scalp Oil',
    category: 'Hair Care',
    price: 900,
    kind: 'dropper',
    color: '#7fb069',
    cap: BLACK,
    tags: ['scalp', 'tea tree', 'itch relief', 'braids'],
    description: 'Cooling tea tree and rosemary oil that soothes an itchy scalp under braids and weaves.',
    usage: 'Apply a few drops directly to the scalp along the parts and massage in.',
  },

  /* Fragrance */
  {
    name: 'Oud Al Layl Eau de Parfum',
    category: 'Fragrance',
    price: 4800,
    kind: 'perfume',
    color: '#4b2a3f',
    cap: GOLD,
    tags: ['oud', 'perfume', 'evening', 'long lasting'],
    description:
      'Smoky oud, saffron and rose over warm amber. A rich evening scent that lasts over 10 hours. 50 ml.',
    usage: 'Spray on pulse points: wrists, neck and behind the ears. Do not rub.',
    featured: true,
    swatch: true,
  },
  {
    name: 'Vanilla Kilimanjaro Body Mist',
    category: 'Fragrance',
    price: 1200,
    kind: 'spray',
    color: '#f1d9b0',
    cap: GOLD,
    tags: ['body mist', 'vanilla', 'everyday'],
    description: 'A soft, sweet vanilla and coconut mist for every day. 250 ml.',
    usage: 'Mist generously over skin and clothes after bathing.',
    isNew: true,
  },
  {
    name: 'Jasmine & Amber Perfume Oil',
    category: 'Fragrance',
    price: 1900,
    kind: 'roller',
    color: '#d8a24a',
    cap: GOLD,
    tags: ['perfume oil', 'jasmine', 'amber', 'alcohol-free'],
    description:
      'An alcohol-free roll-on perfume oil of night jasmine and amber that stays close to the skin.',
    usage: 'Roll onto wrists and neck. Reapply through the day.',
  },
  {
    name: 'Citrus Breeze Eau de Toilette',
    category: 'Fragrance',
    price: 3200,
    kind: 'perfume',
    color: '#f4c542',
    cap: WHITE,
    tags: ['citrus', 'fresh', 'unisex', 'day'],
    description: 'Lemon, bergamot and vetiver: a fresh, unisex scent for hot days. 100 ml.',
    usage: 'Spray on skin after dressing.',
  },
  {
    name: 'Rose Oud Eau de Parfum',
    category: 'Fragrance',
    price: 5500,
    kind: 'perfume',
    color: '#c0476b',
    cap: GOLD,
    tags: ['rose', 'oud', 'perfume', 'luxury'],
    description: 'Damask rose meets dark oud and patchouli in a luxurious signature scent. 50 ml.',
    usage: 'Two sprays on the neck and one on each wrist.',
    featured: true,
  },
  {
    name: 'Coconut Kiss Body Mist',
    category: 'Fragrance',
    price: 1100,
    kind: 'spray',
    color: '#9fd8d1',
    cap: WHITE,
    tags: ['body mist', 'coconut', 'beach'],
    description: 'Coconut water and sea salt: Diani in a bottle. 250 ml.',
    usage: 'Spray all over after a shower or to refresh during the day.',
  },
  {
    name: 'Lamu Musk Attar',
    category: 'Fragrance',
    price: 2200,
    kind: 'roller',
    color: '#8b5e3c',
    cap: GOLD,
    tags: ['attar', 'musk', 'alcohol-free', 'coast'],
    description: 'A traditional white musk attar blended in Lamu: clean, soft and long lasting.',
    usage: 'Roll a little onto wrists and behind the ears.',
  },

  /* Body Care */
  {
    name: 'Raw Shea Butter 250g',
    category: 'Body Care',
    price: 750,
    kind: 'jar',
    color: '#efe0b9',
    cap: '#7a5a3a',
    tags: ['shea butter', 'raw', 'unrefined', 'dry skin'],
    description:
      'Unrefined, hand-made shea butter from women-run cooperatives. Melts into very dry skin, lips, hair ends and cracked heels.',
    usage: 'Warm a little between the palms and massage into damp skin after bathing.',
    featured: true,
    swatch: true,
  },
  {
    name: 'Baobab Body Oil',
    category: 'Body Care',
    price: 1450,
    compareAtPrice: 1800,
    kind: 'bottle',
    color: '#e3a33b',
    cap: GOLD,
    tags: ['baobab oil', 'body oil', 'glow', 'stretch marks'],
    description:
      'Cold-pressed baobab seed oil with vitamin E for glowing, supple skin and softer stretch marks.',
    usage: 'Smooth over damp skin after a shower. Massage into stretch marks twice a day.',
    featured: true,
    isNew: true,
    swatch: true,
  },
  {
    name: 'Cocoa Butter Body Lotion',
    category: 'Body Care',
    price: 1100,
    kind: 'pump',
    color: '#a8744f',
    cap: GOLD,
    tags: ['lotion', 'cocoa butter', 'moisture'],
    description: 'A rich daily lotion with pure cocoa butter that keeps skin soft for 48 hours. 400 ml.',
    usage: 'Apply all over the body after bathing, paying attention to knees and elbows.',
  },
  {
    name: 'Coffee Body Scrub',
    category: 'Body Care',
    price: 1250,
    kind: 'jar',
    color: '#5a3a28',
    cap: BLACK,
    tags: ['scrub', 'coffee', 'exfoliating', 'kenyan coffee'],
    description:
      'Kenyan AA coffee grounds, brown sugar and coconut oil buff away dull skin and leave it smooth.',
    usage: 'Massage over wet skin in circles, then rinse. Use two or three times a week.',
    isNew: true,
  },
  {
    name: 'African Black Soap Body Wash',
    category: 'Body Care',
    price: 950,
    kind: 'pump',
    color: '#3f3a33',
    cap: GOLD,
    tags: ['black soap', 'body wash', 'acne', 'cleansing'],
    description: 'Liquid African black soap with plantain ash and shea: deep cleansing for body acne.',
    usage: 'Lather with a sponge over wet skin and rinse well.',
  },
  {
    name: 'Even Tone Body Lotion SPF 30',
    category: 'Body Care',
    price: 1550,
    kind: 'pump',
    color: '#f5c9a6',
    cap: WHITE,
    tags: ['lotion', 'spf 30', 'even tone', 'sunscreen'],
    description: 'Daily body lotion with SPF 30 and licorice extract for even-toned arms and legs.',
    usage: 'Apply every morning to exposed skin.',
  },
  {
    name: 'Lemongrass Bath Soap',
    category: 'Body Care',
    price: 350,
    kind: 'bar',
    color: '#d8e07a',
    tags: ['soap', 'lemongrass', 'handmade'],
    description: 'A cold-process soap bar scented with lemongrass grown in Limuru.',
    usage: 'Lather in wet hands or on a sponge. Keep dry between uses.',
  },
  {
    name: 'Marula Hand Cream',
    category: 'Body Care',
    price: 650,
    kind: 'tube',
    color: '#f1b7a0',
    cap: GOLD,
    tags: ['hand cream', 'marula oil', 'travel size'],
    description: 'A non-greasy hand cream with marula oil for handbag, office desk and matatu.',
    usage: 'Massage into hands whenever they feel dry.',
  },

  /* Nail Care */
  {
    name: 'Gel-Effect Nail Polish Maasai Red',
    category: 'Nail Care',
    price: 550,
    kind: 'polish',
    color: '#c1121f',
    cap: BLACK,
    tags: ['nail polish', 'red', 'gel effect', 'chip resistant'],
    description: 'A glossy, chip-resistant red with a gel-like shine and no UV lamp needed.',
    usage: 'Apply two thin coats over a base coat, then seal with top coat.',
    featured: true,
  },
  {
    name: 'Gel-Effect Nail Polish Blush Pink',
    category: 'Nail Care',
    price: 550,
    kind: 'polish',
    color: '#f4a6b8',
    cap: BLACK,
    tags: ['nail polish', 'pink', 'gel effect'],
    description: 'A soft, milky pink for clean, office-ready nails.',
    usage: 'Apply two thin coats over a base coat, then seal with top coat.',
  },
  {
    name: 'Gel-Effect Nail Polish Midnight Navy',
    category: 'Nail Care',
    price: 550,
    kind: 'polish',
    color: '#1d2a5b',
    cap: BLACK,
    tags: ['nail polish', 'navy', 'gel effect', 'dark'],
    description: 'A deep navy with a glossy finish that reads almost black at night.',
    usage: 'Apply two thin coats over a base coat, then seal with top coat.',
    isNew: true,
  },
  {
    name: 'Cuticle Oil Pen',
    category: 'Nail Care',
    price: 450,
    kind: 'gloss',
    color: '#f0c36b',
    cap: WHITE,
    tags: ['cuticle oil', 'nail care', 'travel size'],
    description: 'Jojoba and vitamin E in a click pen that softens cuticles and strengthens nails.',
    usage: 'Click and brush onto each cuticle daily, then massage in.',
  },
  {
    name: 'Strengthening Base Coat',
    category: 'Nail Care',
    price: 600,
    kind: 'polish',
    color: '#f3e6ea',
    cap: WHITE,
    tags: ['base coat', 'strengthening', 'nail care'],
    description: 'A protein base coat that stops staining and helps weak nails grow.',
    usage: 'Apply one coat to clean, dry nails before colour.',
  },
  {
    name: 'Quick-Dry Top Coat',
    category: 'Nail Care',
    price: 600,
    kind: 'polish',
    color: '#e6eef2',
    cap: BLACK,
    tags: ['top coat', 'quick dry', 'shine'],
    description: 'Dries polish in 60 seconds with a high-shine, chip-resistant finish.',
    usage: 'Apply one coat over dry colour. Reapply every 3 days.',
  },
  {
    name: 'Acetone-Free Polish Remover',
    category: 'Nail Care',
    price: 400,
    kind: 'bottle',
    color: '#f7b3c6',
    cap: WHITE,
    tags: ['remover', 'acetone-free', 'gentle'],
    description: 'Removes even glitter polish gently, with aloe to stop nails drying out. 120 ml.',
    usage: 'Press a soaked cotton pad on the nail for 10 seconds, then wipe away.',
  },
  {
    name: 'Glass Nail File',
    category: 'Nail Care',
    price: 350,
    kind: 'comb',
    color: '#b9c9e6',
    tags: ['nail file', 'glass', 'tools'],
    description: 'A tempered glass file that seals the nail edge to stop peeling.',
    usage: 'File in one direction from the side to the centre.',
    inactive: true,
  },

  /* Men's Grooming */
  {
    name: 'Beard Oil Cedar & Lime',
    category: "Men's Grooming",
    price: 1200,
    kind: 'dropper',
    color: '#9a6b3f',
    cap: BLACK,
    tags: ['beard oil', 'men', 'cedar', 'beard growth'],
    description: 'Softens the beard and stops itch and flakes, with a fresh cedar and lime scent.',
    usage: 'Rub 4 drops between the palms and work through the beard to the skin. Comb through.',
    featured: true,
  },
  {
    name: 'Beard Balm',
    category: "Men's Grooming",
    price: 1100,
    kind: 'jar',
    color: '#6b7d8c',
    cap: BLACK,
    tags: ['beard balm', 'men', 'shaping'],
    description: 'Shea and beeswax balm that tames and shapes a thick beard with light hold.',
    usage: 'Warm a fingertip of balm in the hands and smooth through the beard.',
  },
  {
    name: 'Bump-Free Aftershave Serum',
    category: "Men's Grooming",
    price: 1350,
    kind: 'dropper',
    color: '#5e8fb0',
    cap: BLACK,
    tags: ['aftershave', 'razor bumps', 'men', 'ingrown hairs'],
    description: 'Salicylic acid and witch hazel that prevent razor bumps and ingrown hairs after shaving.',
    usage: 'Pat a few drops over freshly shaved skin. Use after every shave.',
    isNew: true,
  },
  {
    name: 'Charcoal Face Wash for Men',
    category: "Men's Grooming",
    price: 900,
    kind: 'tube',
    color: '#3a3f47',
    cap: '#5e8fb0',
    tags: ['face wash', 'charcoal', 'men', 'oily skin'],
    description: 'A deep-cleaning charcoal gel that clears oil and sweat after a long day.',
    usage: 'Lather a small amount on a wet face, massage and rinse.',
  },
  {
    name: 'Shea Shave Cream',
    category: "Men's Grooming",
    price: 850,
    kind: 'jar',
    color: '#dfe7ec',
    cap: '#2f3e4c',
    tags: ['shaving cream', 'shea', 'men', 'sensitive skin'],
    description: 'A cushioning shave cream with shea butter for a close, comfortable shave.',
    usage: 'Work into a lather on wet skin with a brush or fingers, then shave with the grain.',
  },
  {
    name: 'Matte Hair Pomade',
    category: "Men's Grooming",
    price: 800,
    kind: 'jar',
    color: '#2f3e4c',
    cap: GOLD,
    tags: ['pomade', 'men', 'waves', 'matte'],
    description: 'Strong hold with a matte finish for waves, fades and short styles.',
    usage: 'Rub a small amount in the palms and work through dry hair. Brush into place.',
  },
  {
    name: 'Oil Control Moisturiser SPF 30',
    category: "Men's Grooming",
    price: 1400,
    kind: 'pump',
    color: '#a7bfd1',
    cap: '#2f3e4c',
    tags: ['moisturiser', 'spf 30', 'men', 'oil control'],
    description: 'A light, matte moisturiser with SPF 30 for men who hate shine.',
    usage: 'Apply to face and neck every morning after washing or shaving.',
  },
  {
    name: 'Roll-On Deodorant Sport',
    category: "Men's Grooming",
    price: 450,
    kind: 'roller',
    color: '#3b6e91',
    cap: WHITE,
    tags: ['deodorant', 'men', 'sport', '48 hours'],
    description: '48-hour protection against sweat and odour that does not stain white shirts.',
    usage: 'Roll onto clean, dry underarms.',
  },

  /* Tools & Accessories */
  {
    name: 'Kabuki Foundation Brush',
    category: 'Tools & Accessories',
    price: 950,
    kind: 'brush',
    color: '#e9b8c4',
    cap: BLACK,
    tags: ['brush', 'foundation', 'kabuki', 'vegan'],
    description: 'A dense, vegan-bristle kabuki brush for airbrushed liquid or powder foundation.',
    usage: 'Buff foundation in small circles. Wash weekly with mild shampoo.',
    featured: true,
  },
  {
    name: '12-Piece Make-up Brush Set',
    category: 'Tools & Accessories',
    price: 3200,
    kind: 'brushes',
    color: '#e7c3a1',
    cap: BLACK,
    tags: ['brushes', 'brush set', 'gift', 'vegan'],
    description: 'Every face and eye brush you need in one roll-up case. Soft vegan bristles.',
    usage: 'Use the large brushes for face, the small ones for eyes. Wash weekly.',
    isNew: true,
  },
  {
    name: 'Beauty Blending Sponge',
    category: 'Tools & Accessories',
    price: 450,
    kind: 'sponge',
    color: '#f08aa7',
    tags: ['sponge', 'blending', 'foundation'],
    description: 'A latex-free sponge that bounces foundation and concealer into the skin.',
    usage: 'Wet, squeeze out the water and bounce over the face. Rinse after use.',
  },
  {
    name: 'Wide-Tooth Detangling Comb',
    category: 'Tools & Accessories',
    price: 300,
    kind: 'comb',
    color: '#c0476b',
    tags: ['comb', 'detangling', 'natural hair'],
    description: 'Seamless wide teeth that glide through coils without snagging.',
    usage: 'Detangle damp, conditioned hair from the ends up to the roots.',
  },
  {
    name: 'Satin Hair Bonnet',
    category: 'Tools & Accessories',
    price: 650,
    kind: 'pouch',
    color: '#7b4fa0',
    tags: ['bonnet', 'satin', 'sleep', 'natural hair'],
    description: 'A double-layer satin bonnet with a soft band that protects hair and braids at night.',
    usage: 'Gather the hair inside and wear while sleeping. Hand wash.',
  },
  {
    name: 'Jade Face Roller',
    category: 'Tools & Accessories',
    price: 1800,
    kind: 'faceroller',
    color: '#6fae8c',
    tags: ['face roller', 'jade', 'de-puff'],
    description: 'A cool jade roller that de-puffs the morning face and helps serums sink in.',
    usage: 'Roll upwards and outwards over the face after serum. Keep in the fridge.',
    isNew: true,
  },
  {
    name: 'Silk Scrunchies 3-Pack',
    category: 'Tools & Accessories',
    price: 600,
    kind: 'scrunchie',
    color: '#d98c9f',
    tags: ['scrunchies', 'silk', 'hair accessories'],
    description: 'Soft silk scrunchies that hold a puff without pulling or breakage.',
    usage: 'Wrap loosely around the hair. Hand wash in cool water.',
  },
  {
    name: 'Quilted Make-up Bag',
    category: 'Tools & Accessories',
    price: 1200,
    kind: 'pouch',
    color: '#e8a87c',
    tags: ['make-up bag', 'travel', 'gift'],
    description: 'A wipe-clean quilted bag with a gold zip that holds a full routine.',
    usage: 'Wipe clean with a damp cloth.',
  },
  {
    name: 'Silk Pillowcase',
    category: 'Tools & Accessories',
    price: 2500,
    kind: 'pouch',
    color: '#e9d5c3',
    tags: ['pillowcase', 'silk', 'sleep'],
    description: 'Mulberry silk that keeps hair smooth and skin creased-free overnight. Back in stock soon.',
    usage: 'Machine wash cold in a laundry bag.',
    inactive: true,
  },
  /* Products sold in shades and sizes (the oldest of their categories, so every list's first page keeps the
     products the browser tests buy from a card). */
  {
    name: 'Velvet Matte Lipstick',
    category: 'Make-up',
    price: 1100,
    kind: 'lipstick',
    color: '#8a5a44',
    cap: BLACK,
    tags: ['lipstick', 'matte', 'long wear'],
    description:
      'One creamy matte formula in six shades picked for melanin-rich skin, from a blue-red to a deep cocoa. Stays put through chai and lunch.',
    usage: 'Apply from the centre of the lips outwards; blot and add a second layer for full colour.',
    options: [{ name: 'Shade', values: LIPSTICK_SHADES.map(([shade]) => shade) }],
    variants: LIPSTICK_SHADES.map(([shade, color, stock], i) => ({
      sku: `VML-${shade.toUpperCase().replace(/\s+/g, '-')}`,
      options: { Shade: shade },
      price: i === 5 ? 990 : 1100,
      ...(i === 5 ? { compareAtPrice: 1300 } : {}),
      stock,
      color,
    })),
  },
  {
    name: 'Hydrating Day Cream',
    category: 'Skin Care',
    price: 1200,
    kind: 'jar',
    color: '#f1d9c6',
    cap: GOLD,
    tags: ['moisturiser', 'day cream', 'hydrating'],
    description:
      'A light daily cream with glycerin and shea that keeps skin soft from morning to evening without shine. Two sizes.',
    usage: 'Smooth over clean face and neck every morning, before sunscreen.',
    options: [{ name: 'Size', values: ['30 ml', '50 ml', '100 ml'] }],
    variants: [
      { sku: 'HDC-30', options: { Size: '30 ml' }, price: 1200, stock: 20 },
      { sku: 'HDC-50', options: { Size: '50 ml' }, price: 1800, stock: 4 },
      { sku: 'HDC-100', options: { Size: '100 ml' }, price: 3200, compareAtPrice: 3600, stock: 0 },
    ],
  },
];
