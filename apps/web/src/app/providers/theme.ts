import type { ThemeConfig } from 'antd';

/** Brand colours; global.css repeats them as CSS custom properties for the shell's own styles. */
export const BRAND = {
  primary: '#0a3d91',
  primaryDark: '#072c6b',
  accent: '#c9a14a',
  text: '#1f2937',
  textSecondary: '#4b5563',
  background: '#f4f6fa',
} as const;

export const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', sans-serif";

export const portalTheme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorLink: BRAND.primary,
    colorText: BRAND.text,
    colorTextSecondary: BRAND.textSecondary,
    colorBgLayout: BRAND.background,
    // WCAG AA (4.5:1) for antd's lighter texts on white and on the layout grey: descriptions,
    // breadcrumbs, placeholders, step titles, empty states, success and error texts (preset tag
    // colours: global.css).
    colorTextTertiary: '#5c6470',
    colorTextDescription: '#5c6470',
    colorTextQuaternary: '#687080',
    colorTextPlaceholder: '#687080',
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorError: '#cf1322',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
    fontSize: 14,
  },
  components: {
    Message: { contentPadding: '10px 16px' },
  },
};
