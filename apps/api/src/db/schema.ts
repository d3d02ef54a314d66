import type { Generated } from 'kysely';

/*
 * Column conventions (docs/decisions/002-database-strategy.md): ids are opaque text, timestamps are ISO-8601 UTC
 * text, booleans are integers 0/1 and money is whole shillings, so one migration and one query serve SQLite and
 * PostgreSQL alike.
 */

export interface UsersTable {
  id: string;
  full_name: string;
  email: string | null;
  phone: string;
  password_hash: string;
  role: 'customer' | 'admin';
  is_email_verified: number;
  is_phone_verified: number;
  last_login: string | null;
  created_at: string;
  updated_at: string;
  /** "en" or "sw" (migration 027): the language the customer reads the shop and its messages in. */
  language: 'en' | 'sw';
  /** When the owner deleted the account; its personal details are erased then (the row stays for the books). */
  deleted_at: string | null;
}

/** Every width of every picture, by content hash (migration 007). */
export interface ImageBlobsTable {
  hash: string;
  width: number;
  bytes: Buffer;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  /** The id shown to the customer (GET /auth/sessions); never the cookie or its hash. */
  public_id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
}

/** reset-password: a mailed link; reset-password-phone: a code sent by SMS to the account's phone. */
export type AuthTokenPurpose = 'verify-email' | 'verify-phone' | 'reset-password' | 'reset-password-phone';

/** One-time codes and links (migration 005): only an HMAC of the secret is stored. */
export interface AuthTokensTable {
  id: string;
  user_id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  /** The email or phone the secret went to (a code proves only that address). */
  sent_to: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * An account mail waiting in the message queue or sent (migration 015): a verification code or a reset link for
 * its auth_tokens row. Never holds the secret: it is made when the mail goes out, and only its HMAC is stored.
 */
export interface AccountMailsTable {
  id: string;
  auth_token_id: string;
  /** 'queued' (waiting or retrying), 'sent', 'failed' (gave up). */
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  /** The subject of the mail sent (never its body). */
  message: string | null;
  created_at: string;
  sent_at: string | null;
}

export type SecurityEvent =
  'signin' | 'signin-failed' | 'password-changed' | 'session-ended' | 'two-factor-enabled';

/** What happened to an account, for its owner's sign-in history. */
export interface SecurityEventsTable {
  id: string;
  user_id: string;
  at: string;
  event: SecurityEvent;
  /** The browser's user agent, as sent. */
  device: string | null;
  ip: string | null;
}

/** A notice about the account (new device, changed phone or email), sent from the message queue. */
export interface AccountNoticesTable {
  id: string;
  /** Null once the account is deleted (the notice is kept as sent). */
  user_id: string | null;
  channel: 'email' | 'sms';
  sent_to: string;
  subject: string;
  body: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  message: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface SchemaMetaTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface CountriesTable {
  id: string;
  name: string;
  created_at: string;
  /** 1: delivered to; 0: switched off (shoppers' lists leave it out, checkout refuses it). */
  active: Generated<number>;
}

export interface CountiesTable {
  id: string;
  name: string;
  country_id: string;
  created_at: string;
  /** 1: delivered to; 0: switched off (shoppers' lists leave it out, checkout refuses it). */
  active: Generated<number>;
}

export interface TownsTable {
  id: string;
  name: string;
  county_id: string;
  created_at: string;
  /** 1: delivered to; 0: switched off (shoppers' lists leave it out, checkout refuses it). */
  active: Generated<number>;
}

export interface LocationsTable {
  id: string;
  name: string;
  town_id: string;
  shipping_fee: number;
  created_at: string;
  /** 1: delivered to; 0: switched off (shoppers' lists leave it out, checkout refuses it). */
  active: Generated<number>;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  name: string;
  phone: string;
  email: string | null;
  country: string;
  county: string;
  town: string;
  location: string;
  location_id: string | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface CategoriesTable {
  id: string;
  name: string;
  slug: string;
  description: string;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: string;
  slug: string;
  name: string;
  price: number;
  description: string;
  usage: string;
  status: 'active' | 'inactive';
  /** JSON array of strings. */
  tags: string;
  is_featured: number;
  is_new: number;
  category_id: string | null;
  /** Average review rating (one decimal), null when the product has no reviews. */
  rating: number | null;
  review_count: number;
  /** Units on the shelf (never below zero); null = not tracked. */
  stock: number | null;
  created_at: string;
  updated_at: string;
  /** Who makes it (migration 016); one spelling per brand, the first one saved. */
  brand: string | null;
  /** Best before, "YYYY-MM"; past that Nairobi month the product cannot be sold. */
  expires_on: string | null;
  /** KEBS permit or Pharmacy and Poisons Board registration number. */
  registration: string | null;
  ingredients: string | null;
  /** JSON list of {name, values[]} (at most 3 options); '[]' for a product without options (migration 017). */
  options: Generated<string>;
  /** The earlier price, shown crossed out; null when there is none. */
  compare_at_price: number | null;
  /** The variants' option values and SKUs as words, for search (kept by the catalogue's writes). */
  variant_terms: Generated<string>;
}

/** One combination of a product's options (migration 017). */
export interface ProductVariantsTable {
  id: string;
  product_id: string;
  /** Unique in the shop, ignoring case. */
  sku: string;
  /** JSON object {optionName: value}, one entry per option of the product. */
  options: string;
  position: number;
  price: number;
  compare_at_price: number | null;
  /** Units on the shelf (never below zero); null = not tracked. */
  stock: number | null;
  /** Content hash of one of the product's pictures, or null. */
  image_hash: string | null;
  /** "#RRGGBB" for a shade, or null. */
  swatch: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductImagesTable {
  id: string;
  product_id: string;
  /** Content hash naming the stored file and its resized variants. */
  hash: string;
  position: number;
  width: number;
  height: number;
  created_at: string;
}

export interface CartLinesTable {
  user_id: string;
  product_id: string;
  /** The variant chosen; '' for a product without variants. */
  variant_id: Generated<string>;
  count: number;
  created_at: string;
  updated_at: string;
}

export type PaymentStatus = 'pending' | 'paid' | 'payment-unsuccessful' | 'refunded';
export type DeliveryStatus = 'pending' | 'in-transit' | 'delivered' | 'cancelled';

export interface OrdersTable {
  id: string;
  /** Short, unique, easy to read aloud (orders/reference.ts); the paybill account number for this order. */
  reference: string;
  user_id: string;
  name: string;
  email: string | null;
  phone: string;
  country: string;
  county: string;
  town: string;
  location: string;
  location_id: string | null;
  subtotal: number;
  shipping_fee: number;
  total_amount: number;
  payment_status: PaymentStatus;
  delivery_status: DeliveryStatus;
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  /** When it was marked delivered (migration 018): the return window counts from it. */
  delivered_at: string | null;
  /** The discount code applied (as the shop spelled it then) and the shillings it took off (0 without one). */
  discount_code: string | null;
  discount_amount: Generated<number>;
  /** 1 when the customer asked for her order's updates on WhatsApp (migration 026); SMS stays the fallback. */
  whatsapp: Generated<number>;
}

export interface OrderItemsTable {
  id: string;
  order_id: string;
  product_id: string | null;
  name: string;
  price: number;
  /** URL of the product's first image when ordered. */
  image: string | null;
  count: number;
  position: number;
  /** Units this line took from the product's stock (0 when not tracked or already given back). */
  stock_taken: Generated<number>;
  created_at: string;
  /** The variant ordered (its id, SKU and JSON options as they were then), or null. No foreign key: orders keep it. */
  variant_id: string | null;
  variant_sku: string | null;
  variant_options: string | null;
}

export interface ReviewsTable {
  id: string;
  user_id: string;
  product_id: string;
  /** A whole number of stars, 1 to 5. */
  rating: number;
  /** Plain text as the customer typed it (trimmed); never HTML. */
  comment: string;
  created_at: string;
  updated_at: string;
}

export type PaymentSourceColumn = 'user-mpesa-form' | 'mpesa-stk' | 'mpesa-c2b' | 'admin';
export type StkRequestStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

export interface PaymentsTable {
  id: string;
  source: PaymentSourceColumn;
  /** Null for a paybill payment whose account number matched no order (unmatched, waiting for a person). */
  order_id: string | null;
  user_id: string | null;
  /** The STK request this payment settles (unique: one payment per request); null for the manual form. */
  stk_request_id: string | null;
  full_name: string;
  amount: number;
  channel: string;
  /** M-Pesa receipt number, unique; null only for an STK payment confirmed by a query (no receipt given). */
  receipt: string | null;
  phone: string | null;
  /** 1 complete, 0 pending. */
  status: number;
  /**
   * Why the payment is held back for a person to review, or null. Flagged payments never count towards an order:
   * 'amount-mismatch' (STK amount differs), 'conflict' (a receipt already credited elsewhere), 'refund' (money for a
   * cancelled or already-paid order), 'other-shortcode' (a confirmation for another business number).
   */
  flag: PaymentFlagColumn | null;
  created_at: string;
  updated_at: string;
  /** The paybill account number (BillRefNumber) exactly as the customer typed it. */
  account: string | null;
  /** Why an admin recorded this payment by hand. */
  note: string | null;
  /** A typed receipt's Transaction Status check: 'checking', 'confirmed', 'unknown' (Safaricom does not know it). */
  verification: 'checking' | 'confirmed' | 'unknown' | null;
  /** OriginatorConversationID of the Transaction Status request about this payment. */
  status_query_id: string | null;
  /**
   * The ledger's state (payments/ledger.ts writes it): only 'completed' counts towards the order; 'held' money is
   * kept aside with `hold_reason`; `status` is 1 exactly when the state is 'completed'.
   */
  state: PaymentStateColumn;
  hold_reason: HoldReasonColumn | null;
  /** What this payment's completed refunds sent back. */
  refunded_amount: Generated<number>;
}

export type PaymentStateColumn = 'pending' | 'completed' | 'failed' | 'held';
export type HoldReasonColumn = 'receipt-reused' | 'order-not-payable' | 'other-shortcode';

/** Money sent back from a payment: by hand (its receipt) or by Safaricom's Reversal API (pending until its result). */
export interface RefundsTable {
  id: string;
  payment_id: string;
  amount: number;
  method: 'mpesa-reversal' | 'manual';
  state: 'pending' | 'completed' | 'failed';
  /** The receipt of the money sent back (a manual transfer's, or the Reversal's own TransactionID). */
  receipt: string | null;
  reason: string;
  /** Safaricom's reason when a Reversal failed. */
  failure: string | null;
  /** The admin's Idempotency-Key: a repeat answers this refund. */
  idempotency_key: string | null;
  /** The Reversal's OriginatorConversationID, once Daraja accepted the request. */
  conversation_id: string | null;
  /** Reversal requests sent (a time-out is retried) and when the next may go. */
  attempts: Generated<number>;
  next_attempt_at: string | null;
  admin_id: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export type PaymentFlagColumn = 'amount-mismatch' | 'conflict' | 'refund' | 'duplicate' | 'other-shortcode';

export interface OrderMessagesTable {
  id: string;
  order_id: string;
  event: OrderEventColumn;
  /** 'queued' (waiting or retrying), 'sent', 'failed' (gave up; the admin sees last_error on the order). */
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  /** The text sent (filled when it was composed). */
  message: string | null;
  created_at: string;
  sent_at: string | null;
  /** How it goes out: 'whatsapp' for an order that asked for it, until WhatsApp refuses it; then 'sms'. */
  channel: Generated<'sms' | 'whatsapp'>;
  /** The id WhatsApp gave the sent message (its status callbacks name it). */
  provider_message_id: string | null;
}

export type OrderEventColumn = 'placed' | 'paid' | 'in-transit' | 'delivered' | 'cancelled' | 'refunded';

export interface StkRequestsTable {
  id: string;
  order_id: string;
  user_id: string;
  merchant_request_id: string;
  checkout_request_id: string;
  amount: number;
  phone: string;
  account_reference: string;
  status: StkRequestStatus;
  /** Safaricom's ResultCode as text ("0", "1032", "SFC_IC0003"). */
  result_code: string | null;
  result_desc: string | null;
  /** When the last STK query was sent (queries are paced per request). */
  last_query_at: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
}

export interface MpesaCallbacksTable {
  id: string;
  received_at: string;
  /**
   * 'callback' (STK callback), 'stk-query' (a final answer of our STK query), 'c2b-confirmation' /
   * 'c2b-validation' (paybill), 'status-result' / 'status-timeout' (Transaction Status answers),
   * 'pull-transaction' (a paybill payment read by the Pull sweep), 'reversal-result' / 'reversal-timeout' (refunds).
   */
  source:
    | 'callback'
    | 'stk-query'
    | 'c2b-confirmation'
    | 'c2b-validation'
    | 'status-result'
    | 'status-timeout'
    | 'pull-transaction'
    | 'reversal-result'
    | 'reversal-timeout';
  checkout_request_id: string | null;
  /** The C2B TransID, or the receipt a Transaction Status answer is about. */
  trans_id: string | null;
  raw_body: string;
  /** What processing did with it: received (not processed yet), paid, failed, duplicate, unknown-request... */
  outcome: string;
}

export type ReturnState = 'requested' | 'approved' | 'rejected' | 'received';

/** A customer's return of some of a delivered order's items (migration 018). */
export interface ReturnsTable {
  id: string;
  order_id: string;
  user_id: string;
  reason: string;
  state: ReturnState;
  /** What the returned items cost (their order prices): owed to the customer once the return is received. */
  refund_amount: number;
  /** The shop's note to the customer (why it was rejected, where to bring the items). */
  note: string | null;
  created_at: string;
  updated_at: string;
  /** When the items came back into stock (set once, with state 'received'). */
  received_at: string | null;
}

export interface ReturnItemsTable {
  id: string;
  return_id: string;
  order_item_id: string;
  product_id: string | null;
  name: string;
  price: number;
  image: string | null;
  count: number;
  position: number;
}

/** An SMS about a return's step, in the message queue (one per return and step). */
export interface ReturnMessagesTable {
  id: string;
  return_id: string;
  event: ReturnState;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  message: string | null;
  created_at: string;
  sent_at: string | null;
}

export interface DiscountsTable {
  id: string;
  /** As the admin typed it; unique ignoring case. */
  code: string;
  kind: 'percent' | 'amount';
  value: number;
  min_subtotal: Generated<number>;
  starts_at: string | null;
  ends_at: string | null;
  usage_limit: number | null;
  /** Orders placed with it that are not cancelled. */
  used: Generated<number>;
  once_per_customer: Generated<number>;
  /** JSON array of category ids; '[]' = every product. */
  categories: Generated<string>;
  active: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface DiscountUsesTable {
  id: string;
  discount_id: string;
  user_id: string;
  order_id: string;
  /** 1 while the order counts towards the code's uses, 0 once cancelled. */
  counted: Generated<number>;
  created_at: string;
}

/** An account's two-factor sign-in (TOTP): one row from its setup on. */
export interface TwoFactorTable {
  user_id: string;
  /** The base32 secret, encrypted with a key derived from the server secret (auth/two-factor-secrets.ts). */
  secret: string;
  /** Null while the setup waits for its first code; two-factor is on from then. */
  enabled_at: string | null;
  /** The last 30-second step a code was accepted for: codes of that step or an earlier one are refused. */
  last_step: number | null;
  created_at: string;
}

/** One of an account's ten single-use recovery codes, kept as a keyed hash. */
export interface TwoFactorRecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

/** Admin-kept search synonyms (migration 024): typing `word` also searches for each word of `means` (JSON). */
export interface SearchSynonymsTable {
  id: string;
  word: string;
  means: string;
  created_at: string;
  updated_at: string;
}

/** One change an admin made, written in the change's own transaction (migration 025; modules/audit). */
export interface AuditLogTable {
  id: string;
  at: string;
  /** Who made it (null only if the account row itself were ever removed). */
  admin_id: string | null;
  /** What was done: create, update, delete, stock, status, ... */
  action: string;
  /** What it was done to: product, category, order, payment, return, place, review, user, refund, discount... */
  entity: string;
  entity_id: string;
  /** What changed, in words an owner reads: "Price 1,200 -> 950". */
  summary: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  image_blobs: ImageBlobsTable;
  auth_tokens: AuthTokensTable;
  account_mails: AccountMailsTable;
  security_events: SecurityEventsTable;
  account_notices: AccountNoticesTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  app_meta: SchemaMetaTable;
  countries: CountriesTable;
  counties: CountiesTable;
  towns: TownsTable;
  locations: LocationsTable;
  search_synonyms: SearchSynonymsTable;
  addresses: AddressesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_variants: ProductVariantsTable;
  cart_lines: CartLinesTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  reviews: ReviewsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  stk_requests: StkRequestsTable;
  mpesa_callbacks: MpesaCallbacksTable;
  order_messages: OrderMessagesTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  return_messages: ReturnMessagesTable;
  discounts: DiscountsTable;
  discount_uses: DiscountUsesTable;
  audit_log: AuditLogTable;
}
