import type { ReactNode } from 'react';

/** A side card listing links (this page's sections, related pages), headed by its title. */
export function LinkCard({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <nav className="content-card" aria-labelledby={id}>
      <h2 id={id} className="content-card__title">
        {title}
      </h2>
      <ul className="content-toc">{children}</ul>
    </nav>
  );
}
