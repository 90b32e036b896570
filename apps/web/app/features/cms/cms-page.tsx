import type { CmsPage } from '@orbit/contracts';
import './cms.css';

/**
 * A static page from the content system. Its HTML is written by the operator and stored
 * already rendered (the contract says it is safe to insert as is).
 */
export function CmsPageView({ page }: { page: CmsPage }) {
  return (
    <article className="page cms" data-slug={page.slug} lang={page.locale}>
      <h1>{page.title}</h1>
      <div className="cms__content" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  );
}
