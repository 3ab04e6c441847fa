import { apiSlice } from '../../api/apiSlice';
import { contractMutation, contractQuery } from '../../api/contractEndpoint';

export const sessionsApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    /** the caller's signed-in sessions, most recently seen first (the asking one marked `current`) */
    getOwnSessions: contractQuery(build, 'user.sessions', { select: (body) => body.sessions }),
    endOwnSession: contractMutation(build, 'user.endSession'),
    endOtherSessions: contractMutation(build, 'user.endOtherSessions'),
    /** an admin ends every session of a staff user or dealer login */
    endUserSessions: contractMutation(build, 'admin.endUserSessions'),
  }),
});

export const {
  useGetOwnSessionsQuery,
  useEndOwnSessionMutation,
  useEndOtherSessionsMutation,
  useEndUserSessionsMutation,
} = sessionsApi;
