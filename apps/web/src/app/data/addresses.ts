/** The address book (features/profile), for the checkout to pick the delivery address. */
export { useAddresses } from '../../features/profile/api';
