import type { ReactNode } from 'react';
import './ui.css';

/** A centred message page (not found, something went wrong) with actions under it. */
export function StatusPage({
  code,
  title,
  text,
  children,
}: {
  code?: string;
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <section className="page status-page" aria-labelledby="status-title">
      {code ? (
        <p className="status-page__code" aria-hidden="true">
          {code}
        </p>
      ) : null}
      <h1 id="status-title">{title}</h1>
      <p className="status-page__text">{text}</p>
      <div className="status-page__actions">{children}</div>
    </section>
  );
}
