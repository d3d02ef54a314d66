/*
 * The storefront's English texts: this catalogue defines the keys (every other language must give each one, with
 * the same {placeholders}: test/i18n.test.ts). Keys are grouped by where they show: `shell.`, `nav.`, `footer.`,
 * then one group per screen. How to add a text or a language: docs/i18n.md.
 */
import { enAccount } from './en-account';

export const en = {
  'meta.title': 'Urembo | Beauty products delivered across Kenya',
  'meta.description': 'Skin care, make-up, hair care and fragrance, delivered across Kenya. Pay with M-Pesa.',

  'lang.label': 'Language',

  'shell.skip': 'Skip to content',
  'shell.strip': 'Pay with M-Pesa · Delivery to all 47 counties',
  'shell.openMenu': 'Open menu',
  'shell.menu': 'Menu',
  'shell.logoHome': 'Urembo home',
  'shell.error.title': 'Something went wrong',
  'shell.error.body': 'This page could not load. Check your connection and try again.',
  'shell.error.retry': 'Try again',

  'nav.main': 'Main',
  'nav.mobile': 'Mobile',
  'nav.bottom': 'Bottom',
  'nav.home': 'Home',
  'nav.shop': 'Shop',
  'nav.cart': 'Cart',
  'nav.orders': 'Orders',
  'nav.profile': 'Profile',
  'nav.admin': 'Admin',
  'nav.adminPanel': 'Admin panel',
  'nav.categories': 'Categories',
  'nav.signIn': 'Sign-in',
  'nav.signUp': 'Sign-up',
  'nav.logout': 'Logout',
  'nav.cartItems.one': 'Cart, {count} item',
  'nav.cartItems.other': 'Cart, {count} items',

  'searchForm.label': 'Search products',
  'searchForm.placeholder': 'Search serums, lipsticks, shea butter…',
  'searchForm.submit': 'Search',

  'footer.about':
    'Skin care, make-up, hair care and fragrance chosen for Kenyan skin and weather. Pay with M-Pesa.',
  'footer.shop': 'Shop',
  'footer.allProducts': 'All products',
  'footer.trackOrders': 'Track my orders',
  'footer.myCart': 'My cart',
  'footer.myAccount': 'My account',
  'footer.returns': 'Returns and authenticity',
  'footer.visit': 'Visit or call us',
  'footer.follow': 'Follow us',
  'footer.hours': 'Mon–Sat 8:00–19:00 · Online 24/7',
  'footer.copyright': '© {year} Urembo Beauty Ltd · Nairobi, Kenya',
  'footer.prices': 'Prices in Kenya shillings · Payments by M-Pesa',

  'splash.welcome': 'Karibu! Beauty, delivered across Kenya',

  'notFound.title': 'Page Not Found - 404 Error',
  'notFound.heading': 'Page Not Found',
  'notFound.body':
    'We could not find the page you were looking for. It may have moved, or the link may be mistyped.',
  'notFound.browse': 'Browse the shop',

  ...enAccount,
};
