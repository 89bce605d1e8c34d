import type { TModuleDetail } from '@portal/shared/schemas/content';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isNotFound, useBilingual, useModule } from '../content-api.ts';
import { RichText } from '../rich-text/RichText.tsx';
import { ContentFrame, type Crumb } from './ContentFrame.tsx';
import { ErrorBlock, LoadingBlock, NotFoundBlock } from './states.tsx';

/**
 * The page of one module entry (a tile's page, a product's page): title, summary, image, body,
 * and whatever the page adds beside it (`aside`).
 */
export function ModuleDetailView({
  parentCrumb,
  backTo,
  aside,
}: {
  parentCrumb: Crumb;
  backTo: string;
  aside?: (module: TModuleDetail) => ReactNode;
}) {
  const { t } = useTranslation('content');
  const text = useBilingual();
  const id = useParams().id ?? '';
  const query = useModule(id);

  if (query.isPending) {
    return (
      <ContentFrame crumbs={[parentCrumb]} title={parentCrumb.label}>
        <LoadingBlock lines={8} />
      </ContentFrame>
    );
  }
  if (query.isError) {
    return (
      <ContentFrame crumbs={[parentCrumb, { label: t('common.notFoundTitle') }]} title={parentCrumb.label}>
        {isNotFound(query.error) ? (
          <NotFoundBlock backTo={backTo} />
        ) : (
          <ErrorBlock onRetry={() => void query.refetch()} />
        )}
      </ContentFrame>
    );
  }
  const module = query.data;
  const title = text(module.title);
  const side = aside?.(module);
  return (
    <ContentFrame crumbs={[parentCrumb, { label: title }]} title={title} intro={text(module.summary) || undefined}>
      <div className={side ? 'content-layout' : undefined}>
        <article className="content-article">
          {module.image ? (
            <img className="content-article__cover" src={module.image.url} alt="" width={1280} height={720} />
          ) : null}
          <RichText html={text(module.body)} />
        </article>
        {side ? <aside className="content-aside">{side}</aside> : null}
      </div>
    </ContentFrame>
  );
}
