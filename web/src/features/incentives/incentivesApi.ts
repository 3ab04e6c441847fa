import { apiSlice } from '../../api/apiSlice';
import { contractMutation as mutation, contractQuery as query } from '../../api/contractEndpoint';

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
    getProgramAchievements: query(build, 'admin.incentiveProgramAchievements', {
      select: (body) => body.achievements,
      providesTags: ['Achievements'],
    }),
    getPendingNotifications: query(build, 'admin.pendingNotifications', { providesTags: ['PendingNotifications'] }),
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
  useGetProgramAchievementsQuery,
  useLazyGetProgramAchievementsQuery,
  useGetPendingNotificationsQuery,
  useHandlePendingNotificationMutation,
} = incentivesApi;
