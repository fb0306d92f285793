import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';
import { Card } from '@/components/ui/card';

export interface StaticSection {
  readonly heading: string;
  readonly paragraphs?: readonly string[];
  readonly list?: readonly string[];
}

/** Long-form page: a title band, then sections of paragraphs and bullet lists. */
export function StaticPage({
  icon: Icon,
  title,
  lead,
  sections,
  children,
}: {
  icon: LucideIcon;
  title: string;
  lead: string;
  sections: readonly StaticSection[];
  children?: ReactNode;
}) {
  return (
    <article className="space-y-6">
      <PageTitle title={title} />
      <header className="rounded-3xl bg-gradient-to-bl from-brand-50 via-surface to-surface px-6 py-8 ring-1 ring-brand-100 sm:px-10">
        <span className="mb-4 flex size-12 items-center justify-center rounded-2xl bg-brand-solid text-white">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-3 max-w-2xl text-lg leading-8 text-slate-700">{lead}</p>
      </header>
      <Card className="px-6 py-6 sm:px-10 sm:py-8">
        <div className="prose-ar">
          {sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs?.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
        {children ? (
          <div className="mt-8 flex flex-wrap gap-3 border-t border-slate-100 pt-6">{children}</div>
        ) : null}
      </Card>
    </article>
  );
}
