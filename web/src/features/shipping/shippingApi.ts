import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/**
 * Shipping Management (001 §2, §7): the orders ready to ship, shipments with their routes, and the changes the
 * admin and delivery users make to them. A change of a shipment answers the whole shipment, which its card shows
 * at once (`shownShipment`), so those calls refetch no list; status changes also move the order lists.
 */
export const shippingApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Orders Ready to Ship, 50 at a time (oldest first), searched on the server. */
    getReadyToShipPages: contractPagedQuery(build, 'admin.readyToShipOrders', { providesTags: ['ReadyToShip'] }),
    /** Generated Routes, 50 shipments at a time (newest first): a driver's phone reads the recent routes only. */
    getShipmentPages: contractPagedQuery(build, 'admin.shipments', { providesTags: ['Shipments'] }),
    createShipment: mutation(build, 'admin.createShipment', {
      invalidatesTags: ['ReadyToShip', 'Shipments', 'Orders', 'DashboardStats'],
    }),
    updateShipmentOrderStatus: mutation(build, 'admin.updateShipmentOrderStatus', { invalidatesTags: ['Orders'] }),
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
  useGetShipmentPagesInfiniteQuery,
  useCreateShipmentMutation,
  useUpdateShipmentOrderStatusMutation,
  useSetRouteModeMutation,
  useMoveRouteStopMutation,
  useLockRouteStopMutation,
  useOptimizeRouteMutation,
  useGetShippingSettingsQuery,
  useSaveShippingSettingsMutation,
  useGetDepotAddressQuery,
  useGeocodeDepotMutation,
} = shippingApi;
