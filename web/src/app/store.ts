import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { apiSlice } from '../api/apiSlice';
import { sessionListeners } from '../features/session/sessionListeners';
import { sessionSlice } from '../features/session/sessionSlice';

export const store = configureStore({
  reducer: {
    [sessionSlice.reducerPath]: sessionSlice.reducer,
    [apiSlice.reducerPath]: apiSlice.reducer,
  },
  middleware: (getDefault) => getDefault().prepend(sessionListeners.middleware).concat(apiSlice.middleware),
});

// lets queries that ask for it refetch when the tab becomes visible again (`visibilitychange`)
setupListeners(store.dispatch);

export type AppStore = typeof store;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
