import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

/**
 * Shipping Management (001 §2, §7): the orders ready to ship, shipments with their routes, and the changes the
 * admin and delivery users make to them. A change of a shipment answers the whole shipment, which its card shows
 * at once (`shownShipment`), so those calls refetch no list; status changes also move the order lists.
 */
export const shippingApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getReadyToShipOrders: query(build, 'admin.readyToShipOrders', {
      select: (body) => body.orders,
      providesTags: ['ReadyToShip'],
    }),
    getShipments: query(build, 'admin.shipments', { select: (body) => body.shipments, providesTags: ['Shipments'] }),
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
  useGetReadyToShipOrdersQuery,
  useGetShipmentsQuery,
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
