import { create } from 'zustand';

interface QuickPostState {
  /** The quick-post dialog is open (opened from the floating new-post menu). */
  open: boolean;
  setOpen: (open: boolean) => void;
}

/**
 * Whether the quick-post dialog is open. The home page's inline composer steps aside meanwhile, so the page
 * never holds two post forms at once; its draft is kept.
 */
export const useQuickPostStore = create<QuickPostState>()((set) => ({
  open: false,
  setOpen: (open) => {
    set({ open });
  },
}));
