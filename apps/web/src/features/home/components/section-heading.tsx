import type { ReactNode } from 'react';

/** Eyebrow, h2 and lead paragraph shared by the landing-page sections. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  align = 'center',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-3xl text-center' : 'max-w-3xl'}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase">{eyebrow}</p> : null}
      <h2
        id={id}
        className="mt-2 text-2xl font-bold tracking-tight text-balance hyphens-auto text-neutral-900 sm:text-4xl"
      >
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg leading-relaxed text-pretty text-neutral-600">{lead}</p> : null}
    </div>
  );
}
