import { useEffect } from 'react';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/**
 * Describes the page by its content while it is shown and puts the site's description back afterwards. The one
 * tag of `index.html` is updated in place, so crawlers and link previews never see two. (The title goes through
 * `<PageTitle>`, which React keeps in the head.)
 */
export function useMetaDescription(description: string | null): void {
  useEffect(() => {
    if (description === null) return;
    const tag = descriptionTag();
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
