import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../../components/icons.tsx';
import { showToast } from '../../lib/notify.ts';
import { cooperationKeys, toggleFollow } from './cooperation-api.ts';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <LineIcon size={16} fill={filled ? 'currentColor' : 'none'}>
      <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
    </LineIcon>
  );
}

type FollowButtonProps = {
  lgcSn: string;
  name: string;
  followed: boolean;
  /** 'icon' (a star with a tooltip) in table rows, 'default' on the detail page. */
  variant?: 'icon' | 'default';
};

/**
 * Follow / unfollow a request (a toggle on the server: POST /bthw/collect/:lgcSn). A pressed
 * toggle button for assistive technology; the lists and the detail reload afterwards.
 */
export function FollowButton({ lgcSn, name, followed, variant = 'icon' }: FollowButtonProps) {
  const { t } = useTranslation('cooperation');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => toggleFollow(lgcSn),
    onSuccess: (result) => {
      showToast({
        type: 'success',
        content: result.followed ? t('follow.followed', { name }) : t('follow.unfollowed', { name }),
      });
      void queryClient.invalidateQueries({ queryKey: cooperationKeys.all });
    },
  });
  const label = followed ? t('follow.following') : t('follow.follow');
  const button = (
    <Button
      type={variant === 'icon' ? 'text' : 'default'}
      className={`follow-button${followed ? ' is-followed' : ''}`}
      icon={<StarIcon filled={followed} />}
      aria-pressed={followed}
      aria-label={followed ? t('follow.unfollowFor', { name }) : t('follow.followFor', { name })}
      loading={mutation.isPending}
      onClick={() => mutation.mutate()}
    >
      {variant === 'icon' ? null : label}
    </Button>
  );
  return variant === 'icon' ? <Tooltip title={label}>{button}</Tooltip> : button;
}
