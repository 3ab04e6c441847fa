import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { publicSettingsSlice } from '../features/company/publicSettingsSlice';
import { sessionEffects } from '../features/session/sessionEffects';
import { sessionSlice } from '../features/session/sessionSlice';

/**
 * Slices that arrive with code loaded on demand: the API cache (RTK Query) comes with the first signed-in screen
 * (api/apiSlice.ts injects it), so the landing and login pages load without it. Each adds itself here with
 * `declare module` (interface merging).
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the lazily loaded slices
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, publicSettingsSlice).withLazyLoadedSlices<LazyLoadedSlices>();

/** Middleware that arrives with code loaded on demand (the API's). */
export const dynamicMiddleware = createDynamicMiddleware();

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().prepend(sessionEffects).concat(dynamicMiddleware.middleware),
});

export type AppStore = typeof store;
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
