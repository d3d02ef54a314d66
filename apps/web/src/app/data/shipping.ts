/** The delivery geography (features/shipping), for the address form's cascading selects. */
export { useShippingList } from '../../features/shipping/api';
