import { defineRoutes } from '../http';

/* Operation ids, methods and paths of the feature's endpoints (what each takes and answers: endpoints/). */

export const shippingRoutes = /* @__PURE__ */ defineRoutes({
  listCountries: ['GET', '/shipping/countries'],
  listCounties: ['GET', '/shipping/counties'],
  listTowns: ['GET', '/shipping/towns'],
  listLocations: ['GET', '/shipping/locations'],
  createCountry: ['POST', '/shipping/countries'],
  createCounty: ['POST', '/shipping/counties'],
  createTown: ['POST', '/shipping/towns'],
  createLocation: ['POST', '/shipping/locations'],
  updatePlace: ['PUT', '/shipping/:kind/:id'],
  deletePlace: ['DELETE', '/shipping/:kind/:id'],
});
