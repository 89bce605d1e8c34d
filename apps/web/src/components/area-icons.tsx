import { type IconProps, LineIcon } from './icons.tsx';

/** Icons of the cooperation areas on the home page (decorative). */
export function TradeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 17h18l-2 3H5zM5 17V9h6v8M11 12h8v5M7 9V6h2v3" />
    </LineIcon>
  );
}

export function ProjectIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 21V10l6-4v15M10 21V3l10 5v13M3 21h18M14 11h2M14 15h2M6.5 13h1M6.5 17h1" />
    </LineIcon>
  );
}

export function LoanIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 9 12 4l9 5M4 9h16M5 9v9M9.5 9v9M14.5 9v9M19 9v9M3 20h18" />
    </LineIcon>
  );
}

export function MarketIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 4v16h16M7 15l4-4 3 3 5-6" />
      <path d="M16 8h3v3" />
    </LineIcon>
  );
}

export function SettlementIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 8h13l-3-3M20 16H7l3 3" />
    </LineIcon>
  );
}

export function AssetIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M7 3h7l4 4v6M14 3v4h4M7 3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5M15 18h6m-2-2 2 2-2 2" />
    </LineIcon>
  );
}

export function InnovationIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3" />
    </LineIcon>
  );
}

export function TopicIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </LineIcon>
  );
}

export function FundsInIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 3v12m-5-5 5 5 5-5M4 19h16" />
    </LineIcon>
  );
}

export function FundsOutIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 15V3M7 8l5-5 5 5M4 19h16" />
    </LineIcon>
  );
}
