/*
 * Maandishi ya duka kwa Kiswahili: kila ufunguo wa catalogues/en.ts, na {placeholders} zilezile
 * (test/i18n.test.ts). The shop's words: bidhaa (product), kikapu (cart), lipa (pay), agizo/maagizo (order/s),
 * ingia (sign in), jisajili (sign up), tafuta (search), bei (price), uwasilishaji (delivery).
 */
import { swAccount } from './sw-account';
import type { Messages } from '../messages';

export const sw: Messages = {
  'meta.title': 'Urembo | Bidhaa za urembo zinazoletwa kote Kenya',
  'meta.description':
    'Bidhaa za ngozi, vipodozi, nywele na manukato, zinazoletwa kote Kenya. Lipa kwa M-Pesa.',

  'lang.label': 'Lugha',

  'shell.skip': 'Ruka hadi maudhui',
  'shell.strip': 'Lipa kwa M-Pesa · Tunaleta kaunti zote 47',
  'shell.openMenu': 'Fungua menyu',
  'shell.menu': 'Menyu',
  'shell.logoHome': 'Urembo, ukurasa wa mwanzo',
  'shell.error.title': 'Kuna tatizo',
  'shell.error.body': 'Ukurasa huu haukufunguka. Angalia mtandao wako kisha ujaribu tena.',
  'shell.error.retry': 'Jaribu tena',

  'nav.main': 'Kuu',
  'nav.mobile': 'Simu',
  'nav.bottom': 'Chini',
  'nav.home': 'Mwanzo',
  'nav.shop': 'Duka',
  'nav.cart': 'Kikapu',
  'nav.orders': 'Maagizo',
  'nav.profile': 'Akaunti',
  'nav.admin': 'Msimamizi',
  'nav.adminPanel': 'Paneli ya msimamizi',
  'nav.categories': 'Aina za bidhaa',
  'nav.signIn': 'Ingia',
  'nav.signUp': 'Jisajili',
  'nav.logout': 'Toka',
  'nav.cartItems.one': 'Kikapu, bidhaa {count}',
  'nav.cartItems.other': 'Kikapu, bidhaa {count}',

  'searchForm.label': 'Tafuta bidhaa',
  'searchForm.placeholder': 'Tafuta seramu, lipstiki, siagi ya shea…',
  'searchForm.submit': 'Tafuta',

  'footer.about':
    'Bidhaa za ngozi, vipodozi, nywele na manukato zilizochaguliwa kwa ngozi na hali ya hewa ya Kenya. Lipa kwa M-Pesa.',
  'footer.shop': 'Duka',
  'footer.allProducts': 'Bidhaa zote',
  'footer.trackOrders': 'Fuatilia maagizo yangu',
  'footer.myCart': 'Kikapu changu',
  'footer.myAccount': 'Akaunti yangu',
  'footer.returns': 'Kurudisha bidhaa na uhalisi',
  'footer.visit': 'Tutembelee au utupigie',
  'footer.follow': 'Tufuatilie',
  'footer.hours': 'Jumatatu–Jumamosi 8:00–19:00 · Mtandaoni saa 24/7',
  'footer.copyright': '© {year} Urembo Beauty Ltd · Nairobi, Kenya',
  'footer.prices': 'Bei kwa shilingi za Kenya · Malipo kwa M-Pesa',

  'splash.welcome': 'Karibu! Urembo, tunakuletea kote Kenya',

  'notFound.title': 'Ukurasa haupatikani - Hitilafu 404',
  'notFound.heading': 'Ukurasa haupatikani',
  'notFound.body': 'Hatukuupata ukurasa uliotafuta. Huenda umehamishwa, au kiungo kina kosa.',
  'notFound.browse': 'Tembelea duka',

  ...swAccount,
};
