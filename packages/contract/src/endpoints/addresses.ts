import { addressBodySchema, addressSchema } from '../addresses';
import { addressRoutes } from '../routes/addresses';
import { collectionSchema, messageSchema, pathParams } from '../common';
import { defineEndpoints } from '../endpoint';

export const addressEndpoints = defineEndpoints(addressRoutes, {
  listAddresses: {
    summary: "The caller's address book",
    description:
      "`userId` is the caller's own id; another account's → 403. Each address says in `undeliverable` why " +
      'checkout would refuse it (its place was switched off or removed), or null.',
    access: 'customer',
    params: pathParams('userId'),
    responses: { 200: collectionSchema(addressSchema) },
    errors: [403],
  },
  createAddress: {
    summary: 'Add an address',
    description:
      'The place must be a delivery location of the shipping lists, not switched off (400 otherwise, naming ' +
      'a switched-off place), at most 20 addresses. ' +
      '`isDefault: true` (or a first address) makes it the default and clears the flag on the others.',
    access: 'customer',
    body: addressBodySchema,
    responses: { 201: addressSchema },
  },
  updateAddress: {
    summary: 'Change one of the caller’s addresses',
    description: "Another customer's address is not found.",
    access: 'customer',
    params: pathParams('id'),
    body: addressBodySchema,
    responses: { 200: addressSchema },
    errors: [404],
  },
  deleteAddress: {
    summary: 'Delete one of the caller’s addresses',
    description: 'Deleting the default makes the newest remaining address the default.',
    access: 'customer',
    params: pathParams('id'),
    responses: { 200: messageSchema },
    errors: [404],
  },
});
