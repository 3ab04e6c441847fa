import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/**
 * Shipping Management (001 §2, §7): the orders ready to ship, shipments as collapsed cards and one in full, and the
 * route changes the admin and delivery users make. A route change answers the whole shipment, which its card shows
 * at once, so those calls refetch no list. Delivery actions (shipped, delivered with proof, undo) are queued and
 * sent by delivery-sync, which works offline.
 */
export const shippingApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Orders Ready to Ship, 50 at a time (oldest first), searched on the server. */
    getReadyToShipPages: contractPagedQuery(build, 'admin.readyToShipOrders', { providesTags: ['ReadyToShip'] }),
    /**
     * Generated Routes and My Routes as collapsed cards, 50 at a time (newest first): a summary without the route
     * or the orders, so a phone reads a page of cards in a few kilobytes; an expanded card reads its shipment.
     */
    getShipmentSummaryPages: contractPagedQuery(build, 'admin.shipmentSummaries', { providesTags: ['Shipments'] }),
    /** One shipment with its route and orders: the body of an expanded card. */
    getShipment: query(build, 'admin.shipment', {
      select: (body) => body.shipment,
      providesTags: ['Shipments'],
    }),
    /** An order's proof of delivery (admins; the route's driver): its images are signed links that expire. */
    getDeliveryProof: query(build, 'admin.deliveryProof', { select: (body) => body.proof }),
    /** Giving a route to a driver changes the cards and the Driver filter's lists. */
    assignShipmentDriver: mutation(build, 'admin.assignShipmentDriver', { invalidatesTags: ['Shipments'] }),
    /** The delivery users an admin may give a route to (identity's staff list, delivery role only). */
    getDeliveryUsers: query(build, 'admin.users', {
      select: (body) => body.users,
      providesTags: ['AdminUsers'],
    }),
    createShipment: mutation(build, 'admin.createShipment', {
      invalidatesTags: ['ReadyToShip', 'Shipments', 'Orders', 'DashboardStats'],
    }),
    setRouteMode: mutation(build, 'admin.setRouteMode'),
    moveRouteStop: mutation(build, 'admin.moveRouteStop'),
    lockRouteStop: mutation(build, 'admin.lockRouteStop'),
    optimizeRoute: mutation(build, 'admin.optimizeRoute'),
    getShippingSettings: query(build, 'admin.shippingSettings', {
      select: (body) => body.settings,
      providesTags: ['ShippingSettings'],
    }),
    /** Saving changes every route's miles and ETAs: the shipments are read again. */
    saveShippingSettings: mutation(build, 'admin.saveShippingSettings', {
      invalidatesTags: ['ShippingSettings', 'Shipments'],
    }),
    /** The company's address, the route's natural start point (the public settings). */
    getDepotAddress: query(build, 'public.companySettings', {
      select: (body) => body.settings,
      providesTags: ['CompanySettings'],
    }),
    geocodeDepot: mutation(build, 'admin.geocodeAddress'),
  }),
});

export const {
  useGetReadyToShipPagesInfiniteQuery,
  useGetShipmentSummaryPagesInfiniteQuery,
  useGetShipmentQuery,
  useGetDeliveryProofQuery,
  useAssignShipmentDriverMutation,
  useGetDeliveryUsersQuery,
  useCreateShipmentMutation,
  useSetRouteModeMutation,
  useMoveRouteStopMutation,
  useLockRouteStopMutation,
  useOptimizeRouteMutation,
  useGetShippingSettingsQuery,
  useSaveShippingSettingsMutation,
  useGetDepotAddressQuery,
  useGeocodeDepotMutation,
} = shippingApi;
