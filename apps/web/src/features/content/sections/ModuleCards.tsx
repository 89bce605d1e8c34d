import type { TModuleSummary } from '@portal/shared/schemas/content';
import { useBilingual } from '../content-api.ts';
import { ContentLink } from '../ui/ContentLink.tsx';
import { CONTENT_PATHS, contentTarget } from '../ui/content-links.ts';
import { tileIcon } from './tile-icons.tsx';

/** One "understand the bank" tile (module type '0') of a `tile-grid`: icon, title, summary. */
export function ModuleTile({ tile }: { tile: TModuleSummary }) {
  const text = useBilingual();
  const Icon = tileIcon(tile.key);
  return (
    <li className="tile">
      <ContentLink
        target={contentTarget(tile.linkUrl, CONTENT_PATHS.essential(tile.lgcSn))}
        className="tile__link"
        track={`tile:${tile.key ?? tile.lgcSn}`}
      >
        <span className="tile__icon">
          <Icon size={26} />
        </span>
        <span className="tile__title">{text(tile.title)}</span>
        {text(tile.summary) ? <span className="tile__text">{text(tile.summary)}</span> : null}
      </ContentLink>
    </li>
  );
}

/** One product or service (module type '1') of a `product-grid`: picture, title, summary. */
export function ProductCard({ product }: { product: TModuleSummary }) {
  const text = useBilingual();
  return (
    <li className="product-card">
      <ContentLink
        target={contentTarget(product.linkUrl, CONTENT_PATHS.product(product.lgcSn))}
        className="product-card__link"
        track={`product:${product.lgcSn}`}
      >
        {product.image ? (
          <img className="product-card__image" src={product.image.url} alt="" loading="lazy" width={400} height={200} />
        ) : (
          <span className="product-card__image product-card__image--blank" aria-hidden="true" />
        )}
        <span className="product-card__body">
          <span className="product-card__title">{text(product.title)}</span>
          <span className="product-card__text">{text(product.summary)}</span>
        </span>
      </ContentLink>
    </li>
  );
}
