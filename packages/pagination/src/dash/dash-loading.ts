// Whether Dash reports a component loading. Dash 2 passes a `loading_state` prop; Dash 3 passes none and
// answers through `window.dash_component_api.useDashContext().useLoading()`, a hook of its renderer.
import { useState } from 'react';
import type { PaginationLoadingState } from '../pagination.props.js';

/** The part of Dash 3's `window.dash_component_api` read here. */
interface DashComponentApi {
  readonly useDashContext?: () => { readonly useLoading?: () => boolean } | undefined;
}

/** Dash 3's component API, when its renderer has defined it. */
function dashComponentApi(): DashComponentApi | undefined {
  return (globalThis as { dash_component_api?: DashComponentApi }).dash_component_api;
}

/**
 * `true` while Dash reports the calling component loading: `loading_state.is_loading` (Dash 2) or the
 * renderer's `useLoading()` (Dash 3).
 */
export function useDashLoading(loadingState: PaginationLoadingState | null | undefined): boolean {
  // Looked up when the component first renders, not when the bundle loads: Dash loads component bundles
  // before its renderer defines the API. Kept for the component's life, so every render calls the same hooks.
  const [api] = useState(dashComponentApi);
  const dash3 = api?.useDashContext?.()?.useLoading?.() ?? false;
  return dash3 || loadingState?.is_loading === true;
}
