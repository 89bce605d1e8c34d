import type { ReactNode } from 'react';
import { classNames } from '../../components/class-names.ts';

/** The frame of the account pages: a heading, an optional introduction and a white card. */
export function AccountPageFrame({
  title,
  intro,
  width = 'medium',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  width?: 'narrow' | 'medium' | 'wide';
  children: ReactNode;
}) {
  return (
    <div className={classNames('account-page', 'container', `account-page--${width}`)}>
      <header className="account-page__header">
        <h1 className="account-page__title">{title}</h1>
        {intro ? <p className="account-page__intro">{intro}</p> : null}
      </header>
      <div className="account-page__card">{children}</div>
    </div>
  );
}
