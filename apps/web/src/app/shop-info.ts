/** How customers reach the shop (footer, contact links); the phone and email come from the settings (SHOP_PHONE, SHOP_EMAIL). */
export const SHOP = {
  name: 'Urembo',
  tagline: 'Beauty, delivered across Kenya',
  address: ['Urembo Beauty House', 'Moi Avenue, Nairobi CBD', 'P.O. Box 10245-00100, Nairobi'],
  social: {
    instagram: 'https://www.instagram.com/urembo.ke',
    pinterest: 'https://www.pinterest.com/urembo_ke',
    telegram: 'https://t.me/urembo_ke',
    x: 'https://x.com/urembo_ke',
  },
} as const;
