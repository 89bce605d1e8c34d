import type { TContractView } from '@portal/shared/schemas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { recordContractView } from '../../features/contracts/contracts-api.ts';
import { previewContractPath } from '../../features/contracts/links.ts';
import { PdfPages } from '../../features/contracts/PdfPages.tsx';
import { pagesOf } from '../../features/contracts/placement.ts';
import { SealList } from '../../features/contracts/SealList.tsx';
import { SignDialog } from '../../features/contracts/SignDialog.tsx';
import { StampLayer } from '../../features/contracts/StampLayer.tsx';
import { storeContractView } from '../../features/contracts/useContractView.ts';
import { showToast } from '../../lib/notify.ts';
import type { SignState } from './useSignContract.ts';

type SignBoardProps = { id: string; view: TContractView; file: NonNullable<TContractView['file']>; sign: SignState };

/** The signing page proper: head with "Sign", the seals, the pages, the dragged seal and the dialog. */
export function SignBoard({ id, view, file, sign }: SignBoardProps) {
  const { t } = useTranslation('contracts');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { board, sealList, setDialogOpen, query, seals } = sign;
  const title = view.title ?? view.requestName;

  const onSign = () => {
    if (board.placements.length === 0) {
      sign.setNotStamped(true);
      return;
    }
    setDialogOpen(true);
  };

  const onSigned = (next: TContractView) => {
    sign.allowLeave();
    board.clear();
    setDialogOpen(false);
    storeContractView(queryClient, next);
    showToast({ type: 'success', content: t('sign.done') });
    navigate(previewContractPath(view.intentionLgcSn));
  };

  return (
    <div className="sign-page">
      <SignHead view={view} title={title} onSign={onSign} />
      {sign.notStamped ? <Alert type="warning" showIcon title={t('sign.notStamped')} /> : null}
      <div className="sign-page__body">
        <SealsAside sign={sign} />
        <div className="sign-page__document">
          <SignDocument id={id} url={file.url} title={title} sign={sign} />
        </div>
      </div>
      {board.ghost && board.ghost.page === null ? (
        <div
          className="stamp-floating"
          style={{ left: board.ghost.clientX, top: board.ghost.clientY }}
          aria-hidden="true"
        >
          <img src={sealList.find((seal) => seal.lgcSn === board.ghost?.sealLgcSn)?.imageUrl} alt="" />
        </div>
      ) : null}
      {sign.dialogOpen ? (
        <SignDialog
          intentionLgcSn={view.intentionLgcSn}
          placements={board.toRequest()}
          seals={sealList}
          onClose={() => setDialogOpen(false)}
          onSigned={onSigned}
          onRefused={() => {
            setDialogOpen(false);
            void query.refetch();
            void seals.refetch();
          }}
        />
      ) : null}
    </div>
  );
}

function SignHead({ view, title, onSign }: { view: TContractView; title: string; onSign: () => void }) {
  const { t } = useTranslation('contracts');
  const mine = view.parties.find((party) => party.party === view.myParty);
  return (
    <header className="contract-card sign-page__head">
      <div>
        <h1 className="contract-head__title">{t('sign.title', { title })}</h1>
        <p className="contract-head__request">{t('sign.signingFor', { institution: mine?.institutionName ?? '—' })}</p>
        <p className="sign-page__how">{t('sign.how')}</p>
      </div>
      <div className="contract-head__actions">
        <ButtonLink to={previewContractPath(view.intentionLgcSn)}>{t('sign.back')}</ButtonLink>
        <Button type="primary" onClick={onSign}>
          {t('sign.sign')}
        </Button>
      </div>
    </header>
  );
}

function SealsAside({ sign }: { sign: SignState }) {
  const { t } = useTranslation('contracts');
  const { board } = sign;
  const pages = pagesOf(board.placements);
  return (
    <aside className="contract-card sign-page__seals" aria-labelledby="sign-seals-title">
      <h2 id="sign-seals-title" className="contract-card__title">
        {t('sign.sealsTitle')}
      </h2>
      <SealList seals={sign.sealList} selected={sign.selected} onSelect={sign.setSelected} board={board} />
      <p className="sign-page__hint" id="stamp-keys-help">
        {t('sign.keysHelp')}
      </p>
      <p className="sign-page__placed" aria-live="polite">
        {board.placements.length > 0
          ? t('sign.placedSummary', { count: board.placements.length, pages: pages.join(', ') })
          : t('sign.nonePlaced')}
      </p>
      {board.placements.length > 0 ? (
        <Button size="small" onClick={board.clear}>
          {t('sign.clear')}
        </Button>
      ) : null}
    </aside>
  );
}

function SignDocument({ id, url, title, sign }: { id: string; url: string; title: string; sign: SignState }) {
  const { t } = useTranslation('contracts');
  const { board, chosenSeal, setFocusTarget } = sign;
  return (
    <PdfPages
      url={url}
      label={t('page.documentLabel', { title })}
      onLoaded={(doc) => {
        sign.setPageSizes(doc.pageSizes);
        void recordContractView(id).catch(() => {});
      }}
      onPageElement={board.registerPage}
      renderOverlay={(pageNumber) => (
        <StampLayer
          pageNumber={pageNumber}
          board={board}
          seals={sign.sealList}
          onRemoved={(page) => setFocusTarget(`place-on-${page}`)}
        />
      )}
      renderPageTools={(pageNumber) => (
        <Button
          id={`place-on-${pageNumber}`}
          size="small"
          disabled={!chosenSeal}
          onClick={() => {
            if (!chosenSeal) return;
            const placed = board.placeOnPage(chosenSeal.lgcSn, pageNumber);
            if (placed) setFocusTarget(placed);
          }}
        >
          {chosenSeal
            ? t('sign.placeOnPage', { name: chosenSeal.sealName, page: pageNumber })
            : t('sign.chooseFirst', { page: pageNumber })}
        </Button>
      )}
    />
  );
}
