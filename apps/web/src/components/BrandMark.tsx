/** The portal emblem: two linked rings, for two institutions that cooperate. Decorative. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false" className="brand-mark">
      <rect width="64" height="64" rx="14" fill="#0a3d91" />
      <circle cx="25" cy="32" r="13" fill="none" stroke="#ffffff" strokeWidth="5" />
      <circle cx="39" cy="32" r="13" fill="none" stroke="#e0b95b" strokeWidth="5" />
    </svg>
  );
}
