import { MAX_PLACEMENTS, type TContractView } from '@portal/shared/schemas/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFallback } from '../../app/shell/PageFallback.tsx';
import { ButtonLink } from '../../components/ButtonLink.tsx';
import { contractKeys, fetchUsableSeals, recordContractView } from '../../features/contracts/contracts-api.ts';
import { previewContractPath } from '../../features/contracts/links.ts';
import { PdfPages } from '../../features/contracts/PdfPages.tsx';
import { type PageSize, pagesOf } from '../../features/contracts/placement.ts';
import { SealList } from '../../features/contracts/SealList.tsx';
import { SignDialog } from '../../features/contracts/SignDialog.tsx';
import { StampLayer } from '../../features/contracts/StampLayer.tsx';
import { storeContractView, useContractView } from '../../features/contracts/useContractView.ts';
import { useLeaveGuard } from '../../features/contracts/useLeaveGuard.ts';
import { useStampBoard } from '../../features/contracts/useStampBoard.ts';
import { MY_SIGNATURE_PATH } from '../../features/seals/paths.ts';
import { useNamespace } from '../../lib/i18n/namespaces.ts';
import { showToast } from '../../lib/notify.ts';
import { ContractFrame, ContractProblemView } from './ContractFrame.tsx';

/**
 * /signContract?id={intentionLgcSn} (SPEC §2), outside the main layout: the reader's institution
 * stamps the contract. Its usable seals on the left; the pages; a seal is dragged onto any place
 * of any page, or chosen and placed with "Place on this page" and moved with the arrow keys.
 * "Sign" with nothing placed says "You have not stamped yet" (SPEC §8) and sends nothing;
 * otherwise the signing dialog asks for the e-mailed code. Leaving with seals placed asks first.
 */
export function SignContractPage() {
  return useNamespace('contracts') ? <SignContract /> : <PageFallback />;
}

function SignContract() {
  const { t } = useTranslation('contracts');
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { current, query, problem } = useContractView(id);
  const view = query.data;
  const userLgcSn = current.status === 'user' ? current.user.lgcSn : '';
  const seals = useQuery({
    queryKey: contractKeys.seals(userLgcSn),
    queryFn: ({ signal }) => fetchUsableSeals(signal),
    enabled: userLgcSn !== '' && view?.can.sign === true,
    staleTime: 0,
  });
  const [pageSizes, setPageSizes] = useState<readonly PageSize[]>([]);
  const board = useStampBoard(pageSizes, () =>
    showToast({ type: 'warning', content: t('sign.limit', { max: MAX_PLACEMENTS }) }),
  );
  const { holder, allowLeave } = useLeaveGuard(board.placements.length > 0);
  const [selected, setSelected] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [notStamped, setNotStamped] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const sealList = seals.data?.list ?? [];
  // One seal only: it is the chosen one.
  const chosen = selected ?? (sealList.length === 1 ? (sealList[0]?.lgcSn ?? null) : null);
  const chosenSeal = sealList.find((seal) => seal.lgcSn === chosen);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  useEffect(() => {
    if (board.placements.length > 0) setNotStamped(false);
  }, [board.placements.length]);

  // Seals no longer usable leave the pages; nothing stays placed once the reader cannot sign.
  const { keepSeals, clear } = board;
  useEffect(() => {
    if (seals.data) keepSeals(seals.data.list.map((seal) => seal.lgcSn));
  }, [seals.data, keepSeals]);
  const canSign = view?.can.sign;
  useEffect(() => {
    if (canSign === false) clear();
  }, [canSign, clear]);

  let body: ReactNode;
  if (problem) {
    body = <ContractProblemView problem={problem} onRetry={() => void query.refetch()} />;
  } else if (current.status === 'loading' || !view) {
    body = (
      <div className="contract-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (!view.can.sign || !view.file) {
    body = <CannotSign view={view} />;
  } else if (seals.isError) {
    body = (
      <div className="contract-card contract-state">
        <Empty description={t('sign.sealsFailed')}>
          <Button type="primary" onClick={() => void seals.refetch()}>
            {t('actions.retry')}
          </Button>
        </Empty>
      </div>
    );
  } else if (!seals.data) {
    body = (
      <div className="contract-card" aria-busy="true">
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (sealList.length === 0) {
    body = (
      <div className="contract-card contract-state">
        <Empty description={t(seals.data?.heldByColleagues ? 'sign.colleaguesHold' : 'sign.noSeals')}>
          <ButtonLink to={MY_SIGNATURE_PATH} type="primary">
            {t('sign.toMySeals')}
          </ButtonLink>
        </Empty>
      </div>
    );
  } else {
    const file = view.file;
    const title = view.title ?? view.requestName;
    const mine = view.parties.find((party) => party.party === view.myParty);
    const pages = pagesOf(board.placements);

    const onSign = () => {
      if (board.placements.length === 0) {
        setNotStamped(true);
        return;
      }
      setDialogOpen(true);
    };

    const onSigned = (next: TContractView) => {
      allowLeave();
      board.clear();
      setDialogOpen(false);
      storeContractView(queryClient, next);
      showToast({ type: 'success', content: t('sign.done') });
      navigate(previewContractPath(view.intentionLgcSn));
    };

    body = (
      <div className="sign-page">
        <header className="contract-card sign-page__head">
          <div>
            <h1 className="contract-head__title">{t('sign.title', { title })}</h1>
            <p className="contract-head__request">
              {t('sign.signingFor', { institution: mine?.institutionName ?? '—' })}
            </p>
            <p className="sign-page__how">{t('sign.how')}</p>
          </div>
          <div className="contract-head__actions">
            <ButtonLink to={previewContractPath(view.intentionLgcSn)}>{t('sign.back')}</ButtonLink>
            <Button type="primary" onClick={onSign}>
              {t('sign.sign')}
            </Button>
          </div>
        </header>
        {notStamped ? <Alert type="warning" showIcon title={t('sign.notStamped')} /> : null}
        <div className="sign-page__body">
          <aside className="contract-card sign-page__seals" aria-labelledby="sign-seals-title">
            <h2 id="sign-seals-title" className="contract-card__title">
              {t('sign.sealsTitle')}
            </h2>
            <SealList seals={sealList} selected={chosen} onSelect={setSelected} board={board} />
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
          <div className="sign-page__document">
            <PdfPages
              url={file.url}
              label={t('page.documentLabel', { title })}
              onLoaded={(doc) => {
                setPageSizes(doc.pageSizes);
                void recordContractView(id).catch(() => {});
              }}
              onPageElement={board.registerPage}
              renderOverlay={(pageNumber) => (
                <StampLayer
                  pageNumber={pageNumber}
                  board={board}
                  seals={sealList}
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
        {dialogOpen ? (
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

  return (
    <ContractFrame>
      {body}
      {holder}
    </ContractFrame>
  );
}

/** Why this reader cannot sign now: signed already, not confirmed yet, no file, or not a party. */
function CannotSign({ view }: { view: TContractView }) {
  const { t } = useTranslation('contracts');
  const mine = view.parties.find((party) => party.party === view.myParty);
  const reason = !view.myParty
    ? t('sign.notParty')
    : view.requestClosed && !mine?.signedAt
      ? t(`closed.${view.requestClosed}`)
      : mine?.signedAt
        ? t('sign.alreadySigned')
        : !view.file
          ? t('sign.noFile')
          : !view.confirmed
            ? t('sign.notConfirmed')
            : t('sign.cannot');
  return (
    <div className="contract-card contract-state">
      <Empty description={reason}>
        <ButtonLink to={previewContractPath(view.intentionLgcSn)} type="primary">
          {t('sign.back')}
        </ButtonLink>
      </Empty>
    </div>
  );
}
