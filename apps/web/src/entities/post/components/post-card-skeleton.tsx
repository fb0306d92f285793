/** Placeholder with the shape of a post card while posts load. */
export function PostCardSkeleton({ withImage = false }: { withImage?: boolean }) {
  return (
    <div
      aria-hidden="true"
      className="rounded-2xl bg-surface p-4 shadow-card ring-1 ring-slate-200/80 sm:p-5"
    >
      <div className="flex animate-pulse items-center gap-3">
        <span className="size-10 rounded-full bg-slate-200" />
        <span className="flex-1 space-y-2">
          <span className="block h-3.5 w-32 rounded-full bg-slate-200" />
          <span className="block h-3 w-20 rounded-full bg-slate-100" />
        </span>
      </div>
      <div className="mt-4 animate-pulse space-y-2.5">
        <span className="block h-3.5 w-full rounded-full bg-slate-100" />
        <span className="block h-3.5 w-11/12 rounded-full bg-slate-100" />
        <span className="block h-3.5 w-2/3 rounded-full bg-slate-100" />
      </div>
      {withImage ? (
        <div className="mt-4 aspect-[16/10] w-full animate-pulse rounded-xl bg-slate-100" />
      ) : null}
      <div className="mt-4 flex animate-pulse gap-2">
        <span className="h-9 w-16 rounded-full bg-slate-100" />
        <span className="h-9 w-16 rounded-full bg-slate-100" />
      </div>
    </div>
  );
}

export function PostListSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div className="space-y-4">
      {Array.from({ length: count }, (_, index) => (
        <PostCardSkeleton key={index} withImage={index === 1} />
      ))}
    </div>
  );
}
