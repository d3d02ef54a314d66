import { expect, request, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { User } from '@urembo/contract/users';
import type { Product } from '@urembo/contract/catalogue';
import type { Collection } from '@urembo/contract/common';
import type { CreateOrderBody, Order } from '@urembo/contract/orders';
import type { Country, County, Location, Town } from '@urembo/contract/shipping';
import { GOOD_PASSWORD, uniquePhone } from '../../apps/api/test/support/people';

/*
 * Setting up a browser test through the server's own API, as a customer or the admin would: no rows written
 * behind the server's back. The people factories (phones, password) are the API tests' own.
 */

/** The admin serve.mjs gives every e2e server. */
export const ADMIN = { phone: '0700000001', password: 'admin-e2e-password' };

/** The body of a 2xx answer; anything else fails the test with the URL and status. */
export async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return (await response.json()) as T;
}

/**
 * Signs the admin in on this request context (its cookie jar keeps the session); answers the admin's id. Each
 * sign-in comes from an address of its own, as the shop's proxy passes it on: the suite signs the admin in more often
 * than the shop lets one network try in 15 minutes, and the sign-ins tests make through the form keep that budget.
 */
export async function signInAdmin(request: APIRequestContext): Promise<string> {
  const signin = await request.post('/api/v1/auth/signin', {
    headers: { 'x-forwarded-for': clientAddress() },
    data: ADMIN,
  });
  return (await ok<{ user: User }>(signin)).user._id;
}

/** A request context of its own with the admin signed in (dispose it at the end). */
export async function adminRequest(baseURL: string): Promise<APIRequestContext> {
  const admin = await request.newContext({ baseURL });
  await signInAdmin(admin);
  return admin;
}

export interface Customer {
  user: User;
  /** Local form (07…), as a customer types it. */
  phone: string;
  password: string;
}

let addresses = 0;
/**
 * A client's own address, as the shop's proxy would pass it on: the suite signs up more customers (and signs the admin
 * in more often) than the shop lets one address do in its windows, and real customers do not share one.
 */
function clientAddress(): string {
  addresses += 1;
  return `10.${process.pid & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A new customer, signed up (and so signed in) on this request context, e.g. a browser context's `request`. */
export async function signUpCustomer(
  request: APIRequestContext,
  fullName: string,
  options: { email?: string; password?: string } = {},
): Promise<Customer> {
  const phone = uniquePhone();
  const password = options.password ?? GOOD_PASSWORD;
  const response = await request.post('/api/v1/auth/signup', {
    headers: { 'x-forwarded-for': clientAddress() },
    data: { fullName, phone, password, ...(options.email ? { email: options.email } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { user: ((await response.json()) as { user: User }).user, phone, password };
}

/** A product the admin (signed in on `adminRequest`) creates; stock untracked unless given. */
export async function createProduct(
  adminRequest: APIRequestContext,
  values: { name: string; price: number; stock?: number; description?: string },
): Promise<Product> {
  const response = await adminRequest.post('/api/v1/products/', {
    data: { description: `Made for the ${values.name} test.`, ...values },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

export interface DeliveryPlace {
  country: string;
  county: string;
  town: string;
  location: string;
  fee: number;
}

/** The first delivery location of the demo geography, with its names and fee. */
export async function deliveryPlace(request: APIRequestContext): Promise<DeliveryPlace> {
  const countries = await ok<Collection<Country>>(await request.get('/api/v1/shipping/countries'));
  const country = countries.data.find((c) => c.name === 'Kenya') ?? countries.data[0]!;
  const counties = await ok<Collection<County>>(
    await request.get(`/api/v1/shipping/counties?country=${country._id}`),
  );
  for (const county of counties.data) {
    const towns = await ok<Collection<Town>>(
      await request.get(`/api/v1/shipping/towns?county=${county._id}`),
    );
    for (const town of towns.data) {
      const locations = await ok<Collection<Location>>(
        await request.get(`/api/v1/shipping/locations?town=${town._id}`),
      );
      const location = locations.data[0];
      if (location) {
        return {
          country: country.name,
          county: county.name,
          town: town.name,
          location: location.name,
          fee: location.shippingFee,
        };
      }
    }
  }
  throw new Error('the demo data has no delivery location');
}

/** The four names of a place, as an address or an order carries them. */
export function placeNames(place: DeliveryPlace) {
  return { country: place.country, county: place.county, town: place.town, location: place.location };
}

/** An order the customer (signed in on `request`) places for one of each product, delivered to `place`. */
export async function placeOrder(
  request: APIRequestContext,
  customer: Customer,
  products: { _id: string }[],
  place: DeliveryPlace,
): Promise<Order> {
  const body: CreateOrderBody = {
    name: customer.user.fullName,
    phone: customer.phone,
    ...placeNames(place),
    items: products.map((p) => ({ _id: p._id, count: 1 })),
  };
  const response = await request.post(`/api/v1/order/${customer.user._id}`, { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Order;
}

/** The admin marks an order paid by hand (a receipt is required then, and recorded as a payment). */
export async function markOrderPaid(adminRequest: APIRequestContext, orderId: string): Promise<Order> {
  const receipt = `QA${Date.now().toString(36).toUpperCase()}`.slice(0, 10);
  return ok<Order>(
    await adminRequest.put(`/api/v1/order/updateStatus/${orderId}`, {
      data: { paymentStatus: 'paid', receipt },
    }),
  );
}
