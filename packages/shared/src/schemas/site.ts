import { z } from 'zod';
import { ZBilingual } from './common.ts';

/** Public brand settings the web shell shows in header and footer (from server configuration). */
export const ZSiteConfig = z.object({
  bankName: ZBilingual,
  portalName: ZBilingual,
  orgEmail: z.string(),
  serviceLine: z.string(),
  /** Two bank service sites and the Asian financial cooperation association (per language). */
  externalLinks: z.array(
    z.object({
      key: z.enum(['personalBanking', 'corporateBanking', 'afca']),
      label: ZBilingual,
      url: ZBilingual,
    }),
  ),
  copyright: ZBilingual,
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;
