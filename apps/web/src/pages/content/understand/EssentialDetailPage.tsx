import { useTranslation } from 'react-i18next';
import { CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';
import { ModuleDetailView } from '../../../features/content/ui/ModuleDetailView.tsx';

/** /understandCCB/essential/:id: one "understand the bank" entry. */
export function EssentialDetailPage() {
  const { t } = useTranslation('content');
  return (
    <ModuleDetailView
      parentCrumb={{ label: t('routes.understand'), to: CONTENT_PATHS.understand }}
      backTo={CONTENT_PATHS.understand}
    />
  );
}
