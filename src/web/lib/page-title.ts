import { useEffect } from 'react';

/** Sets the document title (and meta description when given) while a page is shown. */
export function usePageTitle(title: string, description?: string): void {
  useEffect(() => {
    document.title = title.includes('Trinkgeld') ? title : `${title} · Trinkgeld`;
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.append(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
