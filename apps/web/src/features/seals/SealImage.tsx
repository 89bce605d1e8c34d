import './seals.css';
import { useState } from 'react';
import { classNames } from '../../components/class-names.ts';

/**
 * A seal's picture (a square PNG with a transparent background) on a light chequered ground, so
 * its transparency shows. A picture that does not load leaves an empty, labelled square.
 */
export function SealImage({
  src,
  alt,
  size = 96,
  className,
}: {
  src: string;
  /** Names the seal ("Seal “Contract seal”"); the picture says nothing else. */
  alt: string;
  size?: number;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const broken = failed === src;
  return (
    <span
      className={classNames('seal-image', broken && 'seal-image--broken', className)}
      style={{ width: size, height: size }}
      {...(broken ? { role: 'img', 'aria-label': alt } : {})}
    >
      {broken ? null : (
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(src)}
        />
      )}
    </span>
  );
}
