import type { TTileKey } from '@portal/shared/schemas/content';
import type { ComponentType } from 'react';
import { type IconProps, LineIcon } from '../../../components/icons.tsx';

function NewsIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 5h13v14H6a2 2 0 0 1-2-2V5Zm13 4h3v8a2 2 0 0 1-2 2h-1" />
      <path d="M7 9h7M7 12h7M7 15h4" />
    </LineIcon>
  );
}

function ReportIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 3h9l4 4v14H6V3Z" />
      <path d="M15 3v4h4M9 17v-3M12 17v-6M15 17v-4" />
    </LineIcon>
  );
}

function BuildingIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 10 12 4l9 6M5 10v9M9 10v9M15 10v9M19 10v9M3 21h18" />
    </LineIcon>
  );
}

function HeartIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
    </LineIcon>
  );
}

function ProfileIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <circle cx="12" cy="10" r="2.5" />
      <path d="M8 17c.8-2 2.2-3 4-3s3.2 1 4 3" />
    </LineIcon>
  );
}

function FlameIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 21a6 6 0 0 0 6-6c0-4-3-6-4-9-2 2-2 4-2 5-1-1-2-2-2-4-2 2-4 4.5-4 8a6 6 0 0 0 6 6Z" />
    </LineIcon>
  );
}

function LeafIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M5 19c0-8 5-14 15-14 0 10-6 15-14 15" />
      <path d="M5 19c3-4 6-6 9-8" />
    </LineIcon>
  );
}

function ChartIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 20V4M4 20h16" />
      <path d="m7 15 4-4 3 3 5-6" />
    </LineIcon>
  );
}

export const TILE_ICONS: Record<TTileKey, ComponentType<IconProps>> = {
  news: NewsIcon,
  annualReport: ReportIcon,
  introduction: BuildingIcon,
  socialResponsibilityReport: HeartIcon,
  profile: ProfileIcon,
  hotTopics: FlameIcon,
  greenFinance: LeafIcon,
  keyFinancialData: ChartIcon,
};

export function tileIcon(key: string | null): ComponentType<IconProps> {
  return (key && TILE_ICONS[key as TTileKey]) || BuildingIcon;
}
