/** The address book (features/profile), for the checkout to pick the delivery address. */
export { addressKeys, useAddresses } from '../../features/profile/api';
