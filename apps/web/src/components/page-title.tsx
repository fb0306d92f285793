import { strings } from '@/i18n/strings.ar';

/** React hoists `<title>` into the document head. */
export function PageTitle({ title }: { title?: string }) {
  return (
    <title>
      {title ? `${title} | ${strings.app.titleSuffix}` : `${strings.app.name}: ${strings.app.tagline}`}
    </title>
  );
}
