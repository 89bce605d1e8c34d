import { MAX_PLACEMENTS } from '@portal/shared/schemas/contracts';
import type { TUsableSeal } from '@portal/shared/schemas/seals';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractKeys, fetchUsableSeals } from '../../features/contracts/contracts-api.ts';
import type { PageSize } from '../../features/contracts/placement.ts';
import { useContractView } from '../../features/contracts/useContractView.ts';
import { useLeaveGuard } from '../../features/contracts/useLeaveGuard.ts';
import { type StampBoard, useStampBoard } from '../../features/contracts/useStampBoard.ts';
import { showToast } from '../../lib/notify.ts';

export type SignState = ReturnType<typeof useSignContract>;

/** The contract, the reader's usable seals, the stamp board and the page's own state and effects. */
export function useSignContract(id: string) {
  const { t } = useTranslation('contracts');
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

  useSignEffects({
    board,
    seals: seals.data?.list,
    canSign: view?.can.sign,
    focusTarget,
    setFocusTarget,
    setNotStamped,
  });

  return {
    current,
    query,
    problem,
    view,
    seals,
    sealList,
    board,
    holder,
    allowLeave,
    selected: chosen,
    setSelected,
    chosenSeal,
    dialogOpen,
    setDialogOpen,
    notStamped,
    setNotStamped,
    setFocusTarget,
    setPageSizes,
  };
}

function useSignEffects({
  board,
  seals,
  canSign,
  focusTarget,
  setFocusTarget,
  setNotStamped,
}: {
  board: StampBoard;
  seals: readonly TUsableSeal[] | undefined;
  canSign: boolean | undefined;
  focusTarget: string | null;
  setFocusTarget: (target: string | null) => void;
  setNotStamped: (notStamped: boolean) => void;
}) {
  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget, setFocusTarget]);

  useEffect(() => {
    if (board.placements.length > 0) setNotStamped(false);
  }, [board.placements.length, setNotStamped]);

  // Seals no longer usable leave the pages; nothing stays placed once the reader cannot sign.
  const { keepSeals, clear } = board;
  useEffect(() => {
    if (seals) keepSeals(seals.map((seal) => seal.lgcSn));
  }, [seals, keepSeals]);
  useEffect(() => {
    if (canSign === false) clear();
  }, [canSign, clear]);
}
