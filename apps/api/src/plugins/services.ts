import fp from 'fastify-plugin';
import { AccountDataService } from '../modules/account-data';
import { AddressService } from '../modules/addresses';
import { MessageQueue } from '../lib/message-queue';
import { createWhatsAppSender, offersWhatsAppUpdates } from '../lib/whatsapp';
import { AccountMailer, AccountNotices, AuthService } from '../modules/auth';
import { CartService } from '../modules/cart';
import { CatalogueService, imageStoreFor } from '../modules/catalogue';
import { DashboardService } from '../modules/dashboard';
import { DiscountService } from '../modules/discounts';
import { OrderMessenger, OrderService, startUnpaidOrderSweep } from '../modules/orders';
import {
  PaybillService,
  PaymentsService,
  PullSweep,
  RefundService,
  recordAdminPayment,
} from '../modules/payments';
import { ReturnMessenger, ReturnService } from '../modules/returns';
import { ReviewService } from '../modules/reviews';
import { ShippingService } from '../modules/shipping';

/**
 * Every feature service of one app, built once from the app's infrastructure (plugins/infrastructure.ts). Each is
 * a class whose constructor takes one object of what it needs (docs/decisions/021-one-service-style.md).
 */
export interface AppServices {
  auth: AuthService;
  accountData: AccountDataService;
  addresses: AddressService;
  catalogue: CatalogueService;
  shipping: ShippingService;
  cart: CartService;
  orders: OrderService;
  discounts: DiscountService;
  orderMessages: OrderMessenger;
  reviews: ReviewService;
  returns: ReturnService;
  dashboard: DashboardService;
  paybill: PaybillService;
  payments: PaymentsService;
  pull: PullSweep;
  refunds: RefundService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/**
 * Builds the services and runs their background work (expired-code sweep, unpaid-order sweep, the message queue
 * with order SMS and account mail, paybill URL registration, the Pull sweep) from the app's ready to its close.
 */
export const servicesPlugin = fp(
  async (app) => {
    const { config, db, log } = { config: app.config, db: app.db, log: app.log };
    const changed = app.caches.changed;
    const catalogue = new CatalogueService({
      db,
      images: imageStoreFor(app),
      cache: app.caches.catalogue,
      changed,
    });
    app.caches.readStockWith((ids) => catalogue.stockOf(ids));
    const paybill = new PaybillService({ db, config, daraja: app.daraja, log });
    // Every message a customer is sent, durable in the database and sent in the background (lib/message-queue.ts).
    const messages = new MessageQueue({ db, log, pollMs: config.messagePollMs });
    const payments = new PaymentsService({ db, config, daraja: app.daraja, log, paybill });
    const services: AppServices = {
      auth: new AuthService({ db, config, limiter: app.limiter, messages, sms: app.sms, log }),
      accountData: new AccountDataService({ db }),
      addresses: new AddressService({ db }),
      catalogue,
      shipping: new ShippingService({ db }),
      cart: new CartService({ db }),
      orders: new OrderService({
        db,
        recordAdminPayment,
        catalogueChanged: changed,
        freeDeliveryFrom: config.freeDeliveryFrom,
        whatsappUpdates: offersWhatsAppUpdates(config),
      }),
      discounts: new DiscountService({ db }),
      orderMessages: new OrderMessenger({
        db,
        config,
        sms: app.sms,
        whatsapp: createWhatsAppSender(config, log),
      }),
      reviews: new ReviewService({ db, catalogueChanged: changed }),
      returns: new ReturnService({
        db,
        returnDays: config.returnDays,
        catalogueChanged: changed,
        kick: () => messages.kick(),
      }),
      dashboard: new DashboardService({ db, config, catalogue }),
      paybill,
      payments,
      refunds: new RefundService({
        db,
        config,
        daraja: app.daraja,
        log,
        answer: (id) => payments.answer(id),
        kick: () => messages.kick(),
      }),
      pull: new PullSweep({ db, config, daraja: app.daraja, paybill, log }),
    };
    app.decorate('services', services);
    messages.add(services.orderMessages);
    messages.add(new ReturnMessenger({ db, sms: app.sms }));
    messages.add(new AccountMailer({ db, config, mailer: app.mailer, sms: app.sms }));
    messages.add(new AccountNotices({ db, mailer: app.mailer, sms: app.sms }));

    startUnpaidOrderSweep(app, services.orders, {
      holdHours: config.stock.unpaidOrderHoldHours,
      sweepSeconds: config.stock.sweepSeconds,
      graceMinutes: config.stock.stkGraceMinutes,
    });
    const stops: (() => void)[] = [];
    app.addHook('onReady', async () => {
      // Expired codes and links are swept now and then (they are useless, and the table stays small).
      const sweeper = setInterval(
        () => void services.auth.deleteExpiredTokens().catch(() => undefined),
        3600_000,
      );
      sweeper.unref();
      stops.push(() => clearInterval(sweeper));
      messages.start();
      messages.kick();
      stops.push(services.paybill.startRegistration());
      stops.push(services.pull.start());
      stops.push(services.refunds.startResuming());
    });
    app.addHook('onClose', async () => {
      for (const stop of stops) stop();
      // Mail being queued or sent finishes before the mailer closes; what is still queued waits in the database.
      await services.auth.drain();
      await messages.stop();
    });
  },
  { name: 'services', dependencies: ['core', 'caches', 'messaging', 'limiter', 'daraja'] },
);
