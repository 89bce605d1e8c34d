import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/icons.tsx';

const icon = (children: ReactNode) => <LineIcon size={16}>{children}</LineIcon>;
/** The toolbar's pictures, drawn as line icons like the rest of the portal. */
export const ICONS = {
  bullets: icon(
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" />
      <circle cx="4.5" cy="12" r="1" />
      <circle cx="4.5" cy="18" r="1" />
    </>,
  ),
  numbers: icon(<path d="M10 6h10M10 12h10M10 18h10M4 4.5h1.5V9M3.5 14.5c.5-1 2.5-1 2.5.3 0 1-2.5 2-2.5 3.2H6" />),
  quote: icon(<path d="M5 17c0-4 1-7 4-9M13 17c0-4 1-7 4-9M5 17h4v-4H5M13 17h4v-4h-4" />),
  link: icon(
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  ),
  unlink: icon(
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-2-6.7M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 2 6.7M4 4l16 16" />,
  ),
  image: icon(
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.6" />
      <path d="m4 18 5-5 4 4 3-3 4 4" />
    </>,
  ),
  table: icon(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="M3 9.5h18M3 15h18M9 4v16M15 4v16" />
    </>,
  ),
  rowAdd: icon(<path d="M3 5h18v6H3zM12 14v7M8.5 17.5h7" />),
  rowDelete: icon(<path d="M3 5h18v6H3zM8.5 17.5h7" />),
  columnAdd: icon(<path d="M5 3h6v18H5zM17.5 8.5v7M14 12h7" />),
  columnDelete: icon(<path d="M5 3h6v18H5zM14 12h7" />),
  tableDelete: icon(
    <>
      <rect x="3" y="4" width="18" height="16" rx="1.5" />
      <path d="m8 9 8 6M16 9l-8 6" />
    </>,
  ),
  undo: icon(<path d="M9 14 4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3" />),
  redo: icon(<path d="m15 14 5-5-5-5M20 9H10a6 6 0 0 0 0 12h3" />),
  source: icon(<path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />),
} as const;
