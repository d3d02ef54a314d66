/** The address book (features/profile), for the checkout to pick the delivery address or add one. */
export { useAddresses } from '../../features/profile/api';
export { AddressForm } from '../../features/profile/components/address-form';
