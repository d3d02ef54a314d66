import type { Language } from './users';

/**
 * The texts a customer can read in an API answer (errors, their field details, validation messages), in English and
 * Kiswahili. The English text is the key the server already answers with (gettext-style), so English answers stay
 * exactly as they were: `inLanguage(text, 'sw')` finds the entry whose English matches and returns its Kiswahili,
 * and leaves a text it does not know in English.
 *
 * `{name}` stands for a part that changes (a count, a product's name, a wait): it matches any text, and that text
 * is itself looked up (so "5 minutes" inside a longer message becomes "dakika 5"). Both languages name the same
 * placeholders (a test checks it). Admin-only texts are not here: the admin screens are in English.
 */
export const MESSAGE_CATALOGUE = {
  // Signing in, signing up, passwords
  signinRequired: { en: 'Please sign in to continue', sw: 'Tafadhali ingia ili uendelee' },
  notAllowed: { en: 'You are not allowed to do that', sw: 'Huruhusiwi kufanya hivyo' },
  invalidCredentials: {
    en: 'Invalid phone/email or password',
    sw: 'Namba ya simu/barua pepe au nenosiri si sahihi',
  },
  phoneTaken: {
    en: 'An account with this phone number already exists',
    sw: 'Tayari kuna akaunti yenye namba hii ya simu',
  },
  emailTaken: {
    en: 'An account with this email already exists',
    sw: 'Tayari kuna akaunti yenye barua pepe hii',
  },
  forgotByEmail: {
    en: 'If an account uses that email, we have sent it a link to reset the password. Check your inbox.',
    sw: 'Kama kuna akaunti inayotumia barua pepe hiyo, tumeitumia kiungo cha kubadilisha nenosiri. Angalia barua pepe yako.',
  },
  forgotByPhone: {
    en: 'If an account uses that phone number, we have sent it an SMS with a code to reset the password.',
    sw: 'Kama kuna akaunti inayotumia namba hiyo ya simu, tumeitumia SMS yenye nambari ya kubadilisha nenosiri.',
  },
  invalidResetCode: {
    en: 'This code is wrong, already used or expired. Ask for a new one.',
    sw: 'Nambari hii si sahihi, imeshatumika au muda wake umeisha. Omba nyingine.',
  },
  invalidResetLink: {
    en: 'This password reset link is invalid, already used or expired. Ask for a new one from the sign-in page.',
    sw: 'Kiungo hiki cha kubadilisha nenosiri si sahihi, kimeshatumika au muda wake umeisha. Omba kingine kwenye ukurasa wa kuingia.',
  },
  accountHeldBack: {
    en: 'Too many wrong passwords for this account',
    sw: 'Manenosiri mengi mno yasiyo sahihi kwa akaunti hii',
  },
  wrongCurrentPassword: {
    en: 'Your current password is not right',
    sw: 'Nenosiri lako la sasa si sahihi',
  },
  passwordNotRight: { en: 'That password is not right', sw: 'Nenosiri hilo si sahihi' },
  newPasswordSame: {
    en: 'The new password must differ from the current one',
    sw: 'Nenosiri jipya lazima liwe tofauti na la sasa',
  },
  passwordForContact: {
    en: 'Enter your current password to change your phone number or email',
    sw: 'Weka nenosiri lako la sasa ili ubadilishe namba ya simu au barua pepe',
  },
  commonPassword: {
    en: 'This password is one of the most common ones and easy to guess. Please choose another.',
    sw: 'Nenosiri hili ni mojawapo ya yale yanayotumika sana na ni rahisi kukisia. Tafadhali chagua jingine.',
  },
  passwordHasPhone: {
    en: 'Password must not contain your phone number',
    sw: 'Nenosiri lisiwe na namba yako ya simu',
  },
  passwordHasName: { en: 'Password must not contain your name', sw: 'Nenosiri lisiwe na jina lako' },
  passwordHasEmail: {
    en: 'Password must not contain your email address',
    sw: 'Nenosiri lisiwe na barua pepe yako',
  },
  passwordRepeat: {
    en: 'Password is one character repeated (like "aaaaaaaa"): easy to guess',
    sw: 'Nenosiri ni herufi moja iliyorudiwa (kama "aaaaaaaa"): ni rahisi kukisia',
  },
  passwordRepeats: {
    en: 'Password repeats the same few characters (like "abcabcabc"): easy to guess',
    sw: 'Nenosiri linarudia herufi chache zilezile (kama "abcabcabc"): ni rahisi kukisia',
  },
  passwordSequence: {
    en: 'Password is a run of letters or digits in order (like "abcd1234"): easy to guess',
    sw: 'Nenosiri ni herufi au tarakimu zinazofuatana (kama "abcd1234"): ni rahisi kukisia',
  },
  passwordRow: {
    en: 'Password is a row of keys on the keyboard (like "qwertyui"): easy to guess',
    sw: 'Nenosiri ni safu ya vitufe vya kibodi (kama "qwertyui"): ni rahisi kukisia',
  },
  passwordWalk: {
    en: 'Password is a short walk on the keyboard: easy to guess',
    sw: 'Nenosiri ni mfuatano mfupi wa vitufe vya kibodi: ni rahisi kukisia',
  },
  passwordDate: {
    en: 'Password is mostly a date: easy to guess',
    sw: 'Nenosiri ni tarehe zaidi: ni rahisi kukisia',
  },
  passwordYear: {
    en: 'Password is mostly a recent year: easy to guess',
    sw: 'Nenosiri ni mwaka wa karibuni zaidi: ni rahisi kukisia',
  },
  passwordPattern: {
    en: 'Password follows a pattern that is easy to guess. Add a few words only you would put together',
    sw: 'Nenosiri lina mpangilio rahisi kukisia. Ongeza maneno machache ambayo wewe tu ungeyaweka pamoja',
  },
  passwordMin: {
    en: 'Password must be at least {min} characters',
    sw: 'Nenosiri liwe na angalau herufi {min}',
  },
  passwordMax: {
    en: 'Password must be at most {max} characters',
    sw: 'Nenosiri lisizidi herufi {max}',
  },
  passwordTooLong: { en: 'Password is too long', sw: 'Nenosiri ni refu mno' },
  currentPasswordTooLong: { en: 'Current password is too long', sw: 'Nenosiri la sasa ni refu mno' },
  enterPhoneOrEmail: {
    en: 'Enter your phone number or your email',
    sw: 'Weka namba yako ya simu au barua pepe yako',
  },
  enterEmailOrPhone: {
    en: 'Enter your email or your phone number',
    sw: 'Weka barua pepe yako au namba yako ya simu',
  },
  enterEmailOrPhoneNotBoth: {
    en: 'Enter your email or your phone number, not both',
    sw: 'Weka barua pepe yako au namba yako ya simu, si zote mbili',
  },
  phoneHint: {
    en: 'Phone number should start with +254 followed by 9 digits or a valid phone number format',
    sw: 'Namba ya simu ianze na +254 ikifuatwa na tarakimu 9, au iwe namba ya simu halali',
  },
  emailInvalid: {
    en: 'Enter a valid email address, like name@example.com',
    sw: 'Weka barua pepe halali, kama jina@mfano.com',
  },
  emailTooLong: { en: 'Email is too long', sw: 'Barua pepe ni ndefu mno' },
  fullNameMin: {
    en: 'Full name must be at least 2 characters',
    sw: 'Jina kamili liwe na angalau herufi 2',
  },
  fullNameMax: { en: 'Full name must be at most {max} characters', sw: 'Jina kamili lisizidi herufi {max}' },
  nameMax: { en: 'Name must be at most {max} characters', sw: 'Jina lisizidi herufi {max}' },
  codeDigits: { en: 'The code is the 6 digits we sent you', sw: 'Nambari ni tarakimu 6 tulizokutumia' },
  // "<Label> is required", one per field of the customer's forms
  phoneRequired: { en: 'Phone number is required', sw: 'Namba ya simu inahitajika' },
  emailRequired: { en: 'Email is required', sw: 'Barua pepe inahitajika' },
  passwordRequired: { en: 'Password is required', sw: 'Nenosiri linahitajika' },
  currentPasswordRequired: { en: 'Current password is required', sw: 'Nenosiri la sasa linahitajika' },
  fullNameRequired: { en: 'Full name is required', sw: 'Jina kamili linahitajika' },
  nameRequired: { en: 'Name is required', sw: 'Jina linahitajika' },
  codeRequired: { en: 'Code is required', sw: 'Nambari inahitajika' },
  countryRequired: { en: 'Country is required', sw: 'Nchi inahitajika' },
  countyRequired: { en: 'County is required', sw: 'Kaunti inahitajika' },
  townRequired: { en: 'Town is required', sw: 'Mji unahitajika' },
  locationRequired: { en: 'Location is required', sw: 'Eneo linahitajika' },
  chooseCountry: { en: 'Choose a country', sw: 'Chagua nchi' },
  chooseCounty: { en: 'Choose a county', sw: 'Chagua kaunti' },
  chooseTown: { en: 'Choose a town', sw: 'Chagua mji' },
  chooseLocation: { en: 'Choose a location', sw: 'Chagua eneo' },
  languageChoice: { en: 'language must be one of en, sw', sw: 'Lugha iwe en au sw' },
  // Verifying a phone or an email
  noEmail: { en: 'Your account has no email address', sw: 'Akaunti yako haina barua pepe' },
  notYourEmail: {
    en: 'That is not the email address of your account',
    sw: 'Hiyo si barua pepe ya akaunti yako',
  },
  emailVerified: { en: 'Your email is already verified', sw: 'Barua pepe yako imeshathibitishwa' },
  phoneVerified: {
    en: 'Your phone number is already verified',
    sw: 'Namba yako ya simu imeshathibitishwa',
  },
  noCodeWaiting: {
    en: 'No code is waiting. Ask for a new one.',
    sw: 'Hakuna nambari inayosubiri. Omba mpya.',
  },
  mailNotOut: {
    en: 'The email with your code has not gone out yet. Try again in a minute.',
    sw: 'Barua pepe yenye nambari yako bado haijatumwa. Jaribu tena baada ya dakika moja.',
  },
  codeUsed: {
    en: 'That code was already used. Ask for a new one.',
    sw: 'Nambari hiyo imeshatumika. Omba mpya.',
  },
  codeExpired: {
    en: 'That code has expired. Ask for a new one.',
    sw: 'Muda wa nambari hiyo umeisha. Omba mpya.',
  },
  codeBurnt: {
    en: 'Too many wrong tries: that code no longer works. Ask for a new one.',
    sw: 'Umekosea mara nyingi mno: nambari hiyo haifanyi kazi tena. Omba mpya.',
  },
  codeWrongOne: {
    en: 'That code is not right. You have 1 try left.',
    sw: 'Nambari hiyo si sahihi. Umebakiwa na jaribio 1.',
  },
  codeWrong: {
    en: 'That code is not right. You have {left} tries left.',
    sw: 'Nambari hiyo si sahihi. Umebakiwa na majaribio {left}.',
  },
  codeCooldown: {
    en: 'We sent you a code a moment ago. You can ask for a new one in {wait}.',
    sw: 'Tumekutumia nambari punde. Unaweza kuomba nyingine baada ya {wait}.',
  },
  smsDown: {
    en: 'The SMS service is not answering right now. Please try again in a few minutes.',
    sw: 'Huduma ya SMS haijibu kwa sasa. Tafadhali jaribu tena baada ya dakika chache.',
  },
  smsFailed: {
    en: 'The SMS service could not send the code to your phone. Please try again later.',
    sw: 'Huduma ya SMS haikuweza kutuma nambari kwenye simu yako. Tafadhali jaribu tena baadaye.',
  },
  sessionNotFound: {
    en: 'That session does not exist (it may have ended already)',
    sw: 'Kipindi hicho hakipo (huenda kimeshaisha)',
  },
  pendingSigninEnded: {
    en: 'Your sign-in has expired. Sign in again with your password.',
    sw: 'Muda wa kuingia umeisha. Ingia tena kwa nenosiri lako.',
  },
  wrongTwoFactorCode: {
    en: 'That code is not right. Enter the code your app shows now, or one of your recovery codes.',
    sw: 'Nambari hiyo si sahihi. Weka nambari inayoonyeshwa na programu yako sasa, au mojawapo ya nambari zako za dharura.',
  },
  // Rate limits: "<what>. Please try again in <wait>."
  limited: {
    en: '{what}. Please try again in {wait}.',
    sw: '{what}. Tafadhali jaribu tena baada ya {wait}.',
  },
  tooManySignins: {
    en: 'Too many sign-in attempts from your network',
    sw: 'Majaribio mengi mno ya kuingia kutoka mtandao wako',
  },
  tooManyAccounts: {
    en: 'Too many accounts were created from your network',
    sw: 'Akaunti nyingi mno zimefunguliwa kutoka mtandao wako',
  },
  tooManyResetRequests: {
    en: 'Too many password reset requests from your network',
    sw: 'Maombi mengi mno ya kubadilisha nenosiri kutoka mtandao wako',
  },
  tooManyResetEmail: {
    en: 'Too many password reset requests for this email',
    sw: 'Maombi mengi mno ya kubadilisha nenosiri kwa barua pepe hii',
  },
  tooManyResetPhone: {
    en: 'Too many password reset requests for this phone number',
    sw: 'Maombi mengi mno ya kubadilisha nenosiri kwa namba hii ya simu',
  },
  tooManyResetAttempts: {
    en: 'Too many password reset attempts',
    sw: 'Majaribio mengi mno ya kubadilisha nenosiri',
  },
  tooManyResetAttemptsPhone: {
    en: 'Too many password reset attempts for this phone number',
    sw: 'Majaribio mengi mno ya kubadilisha nenosiri kwa namba hii ya simu',
  },
  tooManyCodes: {
    en: 'Too many codes were requested from your network',
    sw: 'Nambari nyingi mno zimeombwa kutoka mtandao wako',
  },
  tooManyVerifyNetwork: {
    en: 'Too many verification attempts from your network',
    sw: 'Majaribio mengi mno ya kuthibitisha kutoka mtandao wako',
  },
  tooManyVerify: { en: 'Too many verification attempts', sw: 'Majaribio mengi mno ya kuthibitisha' },
  oneSecond: { en: '1 second', sw: 'sekunde 1' },
  seconds: { en: '{n} seconds', sw: 'sekunde {n}' },
  oneMinute: { en: '1 minute', sw: 'dakika 1' },
  minutes: { en: '{n} minutes', sw: 'dakika {n}' },
  hours: { en: '{n} hours', sw: 'saa {n}' },
  // Cart and checkout
  productNotFound: { en: 'Product not found', sw: 'Bidhaa haikupatikana' },
  productUnavailable: {
    en: 'This product is not available right now',
    sw: 'Bidhaa hii haipatikani kwa sasa',
  },
  productExpired: {
    en: '{name} has expired (best before {month}) and cannot be sold',
    sw: 'Muda wa {name} umeisha (bora kabla ya {month}) na haiwezi kuuzwa',
  },
  outOfStock: { en: '{name} is out of stock', sw: '{name} imekwisha' },
  onlyOneLeftOf: { en: 'Only 1 of {name} is left', sw: 'Imebaki 1 tu ya {name}' },
  onlyLeftOf: { en: 'Only {left} of {name} are left', sw: 'Zimebaki {left} tu za {name}' },
  onlyLeft: { en: 'Only {left} left', sw: 'Zimebaki {left} tu' },
  notInCart: { en: 'That product is not in your cart', sw: 'Bidhaa hiyo haiko kwenye kikapu chako' },
  cartLineMax: {
    en: 'You can have at most {max} of one product in your cart (you have {current} already)',
    sw: 'Unaweza kuweka hadi {max} za bidhaa moja kwenye kikapu (tayari una {current})',
  },
  orderShort: {
    en: 'Sorry, {lines}: please change your order and try again',
    sw: 'Samahani, {lines}: tafadhali badilisha agizo lako ujaribu tena',
  },
  orderShortOneLeft: { en: 'only 1 of {name} is left', sw: 'imebaki 1 tu ya {name}' },
  orderShortLeft: { en: 'only {left} of {name} are left', sw: 'zimebaki {left} tu za {name}' },
  shortLines: { en: '{line}; {lines}', sw: '{line}; {lines}' },
  orderNoItems: { en: 'Your order has no items', sw: 'Agizo lako halina bidhaa' },
  productGone: {
    en: 'Product {name} was not found: please remove it from your order',
    sw: 'Bidhaa {name} haikupatikana: tafadhali iondoe kwenye agizo lako',
  },
  productsGone: {
    en: 'Products {names} were not found: please remove them from your order',
    sw: 'Bidhaa {names} hazikupatikana: tafadhali ziondoe kwenye agizo lako',
  },
  noLongerAvailable: {
    en: '{name} is no longer available: please remove it from your order',
    sw: '{name} haipatikani tena: tafadhali iondoe kwenye agizo lako',
  },
  noLongerAvailableMany: {
    en: '{names} are no longer available: please remove them from your order',
    sw: '{names} hazipatikani tena: tafadhali ziondoe kwenye agizo lako',
  },
  expiredInOrder: {
    en: '{problem}: please remove it from your order',
    sw: '{problem}: tafadhali iondoe kwenye agizo lako',
  },
  undeliverable: {
    en: 'We do not deliver to that location yet',
    sw: 'Bado hatufanyi uwasilishaji kwenye eneo hilo',
  },
  switchedOff: {
    en: 'We no longer deliver to {place}. Choose another address or add one.',
    sw: 'Hatufanyi tena uwasilishaji {place}. Chagua anwani nyingine au ongeza mpya.',
  },
  discountUsedUp: { en: 'The code {code} has been used up', sw: 'Nambari ya punguzo {code} imekwisha' },
  discountAlreadyUsed: {
    en: 'You have already used the code {code}',
    sw: 'Tayari umeshatumia nambari ya punguzo {code}',
  },
  discountNotFound: { en: 'Discount code not found', sw: 'Nambari ya punguzo haikupatikana' },
  // Orders and payments
  orderNotFound: { en: 'Order not found', sw: 'Agizo halikupatikana' },
  ownAccountOnly: { en: 'You can only reach your own account', sw: 'Unaweza kufikia akaunti yako tu' },
  orderPaid: { en: 'This order is already paid', sw: 'Agizo hili limeshalipwa' },
  orderCancelled: { en: 'This order was cancelled', sw: 'Agizo hili limeghairiwa' },
  orderRaced: {
    en: 'This order was changed by someone else at the same moment: reload it and try again',
    sw: 'Agizo hili limebadilishwa na mtu mwingine wakati huohuo: lifungue upya ujaribu tena',
  },
  stkOff: {
    en: 'M-Pesa prompts are not available on this shop right now. Pay with the paybill, then send us the receipt with the M-Pesa form.',
    sw: 'Maombi ya M-Pesa kwenye simu hayapatikani kwa sasa. Lipa kwa Pay Bill, kisha ututumie risiti kwa fomu ya M-Pesa.',
  },
  stkJustSent: {
    en: 'We just sent a prompt to {phone}. Check your phone, or try again in {seconds} seconds.',
    sw: 'Tumetuma ombi la malipo kwa {phone} sasa hivi. Angalia simu yako, au jaribu tena baada ya sekunde {seconds}.',
  },
  stkTooMany: {
    en: 'Too many M-Pesa prompts. Please wait {minutes} minutes, or pay with the paybill.',
    sw: 'Maombi mengi mno ya M-Pesa. Tafadhali subiri dakika {minutes}, au lipa kwa Pay Bill.',
  },
  mpesaUnavailable: {
    en: 'M-Pesa is unavailable, please try again',
    sw: 'M-Pesa haipatikani, tafadhali jaribu tena',
  },
  mpesaTimeout: {
    en: 'M-Pesa did not answer in time, please try again. If a prompt still reaches your phone, cancel it first.',
    sw: 'M-Pesa haikujibu kwa wakati, tafadhali jaribu tena. Ombi likifika kwenye simu yako baadaye, liache kwanza.',
  },
  mpesaBusy: {
    en: 'M-Pesa is busy right now, please try again in a minute',
    sw: 'M-Pesa ina shughuli nyingi sasa, tafadhali jaribu tena baada ya dakika moja',
  },
  mpesaRefused: {
    en: 'M-Pesa could not send the prompt: {reason}',
    sw: 'M-Pesa haikuweza kutuma ombi la malipo: {reason}',
  },
  paymentRequestNotFound: { en: 'Payment request not found', sw: 'Ombi la malipo halikupatikana' },
  receiptUsed: {
    en: 'This M-Pesa receipt number has already been used',
    sw: 'Namba hii ya risiti ya M-Pesa imeshatumika',
  },
  receiptRule: {
    en: 'Receipt number must be 10 letters and digits, like NLJ7RT61SV',
    sw: 'Namba ya risiti iwe herufi na tarakimu 10, kama NLJ7RT61SV',
  },
  receiptRequired: { en: 'Receipt number is required', sw: 'Namba ya risiti inahitajika' },
  mpesaPhone: {
    en: 'Enter the M-Pesa phone number, like 0712 345 678',
    sw: 'Weka namba ya simu ya M-Pesa, kama 0712 345 678',
  },
  stkSent: { en: 'M-Pesa pop-up sent to {phone}', sw: 'Ombi la M-Pesa limetumwa kwa {phone}' },
  stkPaid: { en: 'Paid', sw: 'Imelipwa' },
  stkBalance: {
    en: 'Your M-Pesa balance was not enough for this payment. Top up and try again.',
    sw: 'Salio lako la M-Pesa halikutosha kwa malipo haya. Ongeza salio ujaribu tena.',
  },
  stkBelowMin: {
    en: 'The amount is below the M-Pesa minimum.',
    sw: 'Kiasi ni chini ya kiwango cha chini cha M-Pesa.',
  },
  stkAboveMax: {
    en: 'The amount is above the M-Pesa maximum for one payment.',
    sw: 'Kiasi ni zaidi ya kiwango cha juu cha M-Pesa kwa malipo moja.',
  },
  stkDailyLimit: {
    en: 'This payment would go over your daily M-Pesa limit.',
    sw: 'Malipo haya yangezidi kikomo chako cha M-Pesa cha siku.',
  },
  stkDuplicate: {
    en: 'M-Pesa refused a second payment of the same amount within two minutes. Wait two minutes and try again.',
    sw: 'M-Pesa imekataa malipo ya pili ya kiasi kilekile ndani ya dakika mbili. Subiri dakika mbili ujaribu tena.',
  },
  stkInProgress: {
    en: 'Another M-Pesa payment is already in progress on your phone. Finish it, then try again.',
    sw: 'Kuna malipo mengine ya M-Pesa yanayoendelea kwenye simu yako. Yamalize, kisha ujaribu tena.',
  },
  stkExpired: {
    en: 'The M-Pesa prompt expired before it was answered. Try again.',
    sw: 'Muda wa ombi la M-Pesa uliisha kabla ya kujibiwa. Jaribu tena.',
  },
  stkNotShown: {
    en: 'M-Pesa could not show the prompt on your phone. Try again, or pay with the paybill.',
    sw: 'M-Pesa haikuweza kuonyesha ombi kwenye simu yako. Jaribu tena, au lipa kwa Pay Bill.',
  },
  stkCancelled: { en: 'You cancelled the M-Pesa prompt.', sw: 'Umeghairi ombi la M-Pesa.' },
  stkUnreachable: {
    en: 'Your phone could not be reached, or the prompt timed out. Check that the phone is on and unlocked, then try again.',
    sw: 'Simu yako haikupatikana, au muda wa ombi uliisha. Hakikisha simu imewashwa na haijafungwa, kisha ujaribu tena.',
  },
  stkWrongPin: {
    en: 'The M-Pesa PIN was wrong. Try again.',
    sw: 'PIN ya M-Pesa haikuwa sahihi. Jaribu tena.',
  },
  stkShopRefused: {
    en: 'The shop could not take this M-Pesa payment. Please pay with the paybill instead.',
    sw: 'Duka halikuweza kupokea malipo haya ya M-Pesa. Tafadhali lipa kwa Pay Bill badala yake.',
  },
  stkCode: {
    en: 'M-Pesa could not complete the payment (code {code}).',
    sw: 'M-Pesa haikuweza kukamilisha malipo (msimbo {code}).',
  },
  pendingPin: {
    en: 'Waiting for you to enter your M-Pesa PIN on your phone.',
    sw: 'Tunasubiri uweke PIN yako ya M-Pesa kwenye simu yako.',
  },
  // Returns, reviews, addresses
  notDelivered: {
    en: 'This order has not been delivered: items can be returned once it has arrived',
    sw: 'Agizo hili halijawasilishwa: bidhaa zinaweza kurudishwa likishafika',
  },
  returnsClosedOne: {
    en: 'Returns for this order closed on {day}, 1 day after delivery',
    sw: 'Muda wa kurudisha bidhaa za agizo hili uliisha {day}, siku 1 baada ya uwasilishaji',
  },
  returnsClosed: {
    en: 'Returns for this order closed on {day}, {days} days after delivery',
    sw: 'Muda wa kurudisha bidhaa za agizo hili uliisha {day}, siku {days} baada ya uwasilishaji',
  },
  returnReason: {
    en: 'Please say why you are returning the items',
    sw: 'Tafadhali eleza kwa nini unarudisha bidhaa',
  },
  returnChooseItem: {
    en: 'Choose at least one item to return',
    sw: 'Chagua angalau bidhaa moja ya kurudisha',
  },
  notABuyer: {
    en: 'Only verified buyers can review a product: it must be in one of your paid orders',
    sw: 'Wanunuzi waliothibitishwa tu wanaweza kutoa maoni kuhusu bidhaa: iwe katika mojawapo ya maagizo yako yaliyolipwa',
  },
  duplicateReview: {
    en: 'You have already reviewed this product; edit your review instead',
    sw: 'Tayari umetoa maoni kuhusu bidhaa hii; badilisha maoni yako badala yake',
  },
  reviewNotFound: { en: 'Review not found', sw: 'Maoni hayakupatikana' },
  ownReviewOnly: { en: 'You can only edit your own review', sw: 'Unaweza kubadilisha maoni yako tu' },
  reviewRating: {
    en: 'rating must be a whole number from {min} to {max}',
    sw: 'Alama iwe namba kamili kuanzia {min} hadi {max}',
  },
  reviewComment: { en: 'comment must be at most {max} characters', sw: 'Maoni yasizidi herufi {max}' },
  reviewNothing: { en: 'Send a new comment or rating', sw: 'Tuma maoni mapya au alama mpya' },
  addressNotFound: { en: 'Address not found', sw: 'Anwani haikupatikana' },
  addressBooksMax: {
    en: 'You can keep up to {max} address books. Delete one you no longer use first.',
    sw: 'Unaweza kuweka hadi anwani {max}. Futa moja usiyoitumia tena kwanza.',
  },
  // Answers that went well (the storefront toasts their message)
  signupDone: { en: 'Sign up successful!', sw: 'Umejisajili!' },
  signinDone: { en: 'Sign in successful!', sw: 'Umeingia!' },
  signoutDone: { en: 'Logout success', sw: 'Umetoka' },
  passwordResetDone: { en: 'Password reset success', sw: 'Nenosiri limebadilishwa' },
  passwordChanged: {
    en: 'Password changed. You were signed out on every other device.',
    sw: 'Nenosiri limebadilishwa. Umetolewa kwenye vifaa vingine vyote.',
  },
  deviceSignedOut: { en: 'Signed out that device', sw: 'Kifaa hicho kimetolewa' },
  verified: { en: 'Verification success', sw: 'Imethibitishwa' },
  codeSent: { en: 'New token sent', sw: 'Nambari mpya imetumwa' },
  enterAppCode: {
    en: 'Enter the code from your authenticator app',
    sw: 'Weka nambari kutoka programu yako ya uthibitishaji',
  },
  orderCancelledDone: { en: 'Order cancelled', sw: 'Agizo limeghairiwa' },
  addressDeleted: { en: 'address deleted', sw: 'Anwani imefutwa' },
  reviewDeleted: { en: 'review deleted', sw: 'Maoni yamefutwa' },
  // Anywhere
  notFound: { en: 'Not found', sw: 'Haikupatikana' },
  databaseDown: {
    en: 'The shop cannot reach its database right now. Please try again in a moment.',
    sw: 'Duka haliwezi kufikia hifadhidata yake kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.',
  },
  serverError: {
    en: 'Something went wrong on our side. Please try again.',
    sw: 'Kuna hitilafu upande wetu. Tafadhali jaribu tena.',
  },
  crossSite: { en: 'Cross-site request refused', sw: 'Ombi kutoka tovuti nyingine limekataliwa' },
} as const satisfies Record<string, { en: string; sw: string }>;

export type MessageKey = keyof typeof MESSAGE_CATALOGUE;

/** The `{name}` placeholders of a text, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

interface Pattern {
  regex: RegExp;
  names: string[];
  sw: string;
  literal: number;
}

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
for (const { en, sw } of Object.values(MESSAGE_CATALOGUE) as { en: string; sw: string }[]) {
  const names = placeholdersOf(en);
  if (names.length === 0) {
    exact.set(en, sw);
    continue;
  }
  const source = en
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.+?)');
  patterns.push({
    regex: new RegExp(`^${source}$`, 's'),
    names,
    sw,
    literal: en.replace(/\{\w+\}/g, '').length,
  });
}
// The most specific pattern first: "Only 1 of {name} is left" before "{name} is out of stock"-like catch-alls.
patterns.sort((a, b) => b.literal - a.literal);

/**
 * A customer-facing text in the language asked for: English as it is; Kiswahili from the catalogue, or the English
 * text when the catalogue does not know it.
 */
export function inLanguage(text: string, language: Language): string {
  if (language === 'en') return text;
  const known = exact.get(text);
  if (known !== undefined) return known;
  for (const pattern of patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, i) => [name, inLanguage(match[i + 1]!, language)]));
    return pattern.sw.replace(/\{(\w+)\}/g, (_, name: string) => values.get(name) ?? '');
  }
  return text;
}

/** A message of the catalogue by its key, with its placeholders filled in. */
export function message(
  key: MessageKey,
  language: Language,
  values: Record<string, string | number> = {},
): string {
  return MESSAGE_CATALOGUE[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
