import { apiSlice } from '../../api/apiSlice';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/** The audit log (admins): one list, filtered by entity and id for a record's History. */
export const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, 50 at a time (the log only grows). */
    getAuditLogPages: contractPagedQuery(build, 'admin.auditLog'),
  }),
});

export const { useGetAuditLogPagesInfiniteQuery } = auditApi;
