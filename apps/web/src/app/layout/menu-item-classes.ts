/** The look of an item in the account menu, the theme choices' included. */
export const itemClasses =
  'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm text-slate-700 outline-none select-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';
