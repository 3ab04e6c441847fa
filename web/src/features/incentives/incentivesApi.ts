import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';
import { contractPagedQuery } from '../../api/contractPagedQuery';

/** A program change moves its list, its achievements (edits evaluate the history) and the notifications. */
const PROGRAM_READS = ['IncentivePrograms', 'Achievements', 'PendingNotifications'] as const;

/** Incentive programs with their tiers, their achievements and the pending achievement notifications. */
export const incentivesApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getIncentivePrograms: query(build, 'admin.incentivePrograms', {
      select: (body) => body.programs,
      providesTags: ['IncentivePrograms'],
    }),
    createIncentiveProgram: mutation(build, 'admin.createIncentiveProgram', { invalidatesTags: [...PROGRAM_READS] }),
    updateIncentiveProgram: mutation(build, 'admin.updateIncentiveProgram', { invalidatesTags: [...PROGRAM_READS] }),
    deleteIncentiveProgram: mutation(build, 'admin.deleteIncentiveProgram', { invalidatesTags: [...PROGRAM_READS] }),
    toggleIncentiveProgram: mutation(build, 'admin.toggleIncentiveProgram', { invalidatesTags: [...PROGRAM_READS] }),
    /** A program's achievements, newest first, 50 at a time. */
    getProgramAchievementPages: contractPagedQuery(build, 'admin.incentiveProgramAchievements', {
      providesTags: ['Achievements'],
    }),
    /** How many dealers reached one tier: the `total` of a one-row page of that tier's achievements. */
    getTierReachedCount: query(build, 'admin.incentiveProgramAchievements', {
      select: (body) => body.total ?? body.achievements.length,
      providesTags: ['Achievements'],
    }),
    /** The pending notifications, newest first, 50 at a time (the tab shows their count). */
    getPendingNotificationPages: contractPagedQuery(build, 'admin.pendingNotifications', {
      providesTags: ['PendingNotifications'],
    }),
    /** How many notifications wait: the total of a one-row page (the dashboard's alert). */
    getPendingNotificationCount: query(build, 'admin.pendingNotifications', {
      select: (body) => body.total ?? body.count,
      providesTags: ['PendingNotifications'],
    }),
    handlePendingNotification: mutation(build, 'admin.handlePendingNotification', {
      invalidatesTags: ['PendingNotifications'],
    }),
  }),
});

export const {
  useGetIncentiveProgramsQuery,
  useCreateIncentiveProgramMutation,
  useUpdateIncentiveProgramMutation,
  useDeleteIncentiveProgramMutation,
  useToggleIncentiveProgramMutation,
  useGetProgramAchievementPagesInfiniteQuery,
  useGetTierReachedCountQuery,
  useGetPendingNotificationPagesInfiniteQuery,
  useGetPendingNotificationCountQuery,
  useHandlePendingNotificationMutation,
} = incentivesApi;
