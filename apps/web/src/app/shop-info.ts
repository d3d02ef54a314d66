/** How customers reach the shop (footer, contact links). */
export const SHOP = {
  name: 'Urembo',
  tagline: 'Beauty, delivered across Kenya',
  address: ['Urembo Beauty House', 'Moi Avenue, Nairobi CBD', 'P.O. Box 10245-00100, Nairobi'],
  phone: '+254 712 345 678',
  phoneHref: 'tel:+254712345678',
  email: 'hello@urembo.co.ke',
  hours: 'Mon–Sat 8:00–19:00 · Online 24/7',
  social: {
    instagram: 'https://www.instagram.com/urembo.ke',
    pinterest: 'https://www.pinterest.com/urembo_ke',
    whatsapp: 'https://wa.me/254712345678',
    telegram: 'https://t.me/urembo_ke',
    x: 'https://x.com/urembo_ke',
  },
} as const;
