import { SERVER_STATE_ELEMENT_ID } from '@ray/shared/constants';
import type { DehydratedState } from '@tanstack/react-query';

export interface ServerState {
  /** When the server rendered the page (relative times are read from it while the page hydrates). */
  renderedAt: number;
  /** The query answers the page was rendered from. */
  queries: DehydratedState;
}

/** JSON for a `<script type="application/json">`: every `<` escaped, so no text in it can end the element. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state).replace(/</g, '\\u003c');
}

/** The state of the server-rendered page being opened, or null when the page was not rendered on the server. */
export function readServerState(): ServerState | null {
  const text = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as Partial<ServerState> | null;
    if (typeof state?.renderedAt !== 'number' || typeof state.queries !== 'object') return null;
    return { renderedAt: state.renderedAt, queries: state.queries };
  } catch {
    return null;
  }
}
