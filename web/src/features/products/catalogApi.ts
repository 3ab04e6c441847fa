import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

/** The catalogue: every product for admins (Settings > Manage Products), the active ones for dealers. */
export const catalogApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getProducts: query(build, 'admin.products', { select: (body) => body.products, providesTags: ['Products'] }),
    /** How many products match (ask with `limit: 1`): the dashboard's count of products low on stock. */
    getProductCount: query(build, 'admin.products', { select: (body) => body.total ?? 0, providesTags: ['Products'] }),
    /** Multipart: title, description, price, status and `product_image`. */
    createProduct: mutation(build, 'admin.createProduct', { invalidatesTags: ['Products'] }),
    /** Multipart, as create; without `product_image` the current image stays (the reply's `image_updated`). */
    updateProduct: mutation(build, 'admin.updateProduct', { invalidatesTags: ['Products'] }),
    deleteProduct: mutation(build, 'admin.deleteProduct', { invalidatesTags: ['Products'] }),
    getDealerProducts: query(build, 'dealer.products', { select: (body) => body.products, providesTags: ['Products'] }),
  }),
});

export const {
  useGetProductsQuery,
  useGetProductCountQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useGetDealerProductsQuery,
} = catalogApi;
