import { useTranslation } from 'react-i18next';

export type DayPoint = { day: string; views: number; clicks: number };

const HEIGHT = 240;
const PAD = { top: 12, right: 12, bottom: 36, left: 44 };
const MIN_SLOT = 14;
const MAX_SLOT = 48;

/** 0, 1, 2, 5, 10, 20, 50... the axis' step for about four lines. */
function niceStep(max: number): number {
  if (max <= 4) return 1;
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const unit = rough / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

/**
 * Views per day as bars and clicks as a line, drawn in SVG (no chart library). The table next
 * to it carries the same numbers for screen readers and copying; the chart is one labelled image.
 */
export function VisitsChart({ points, label }: { points: readonly DayPoint[]; label: string }) {
  const { t } = useTranslation('backoffice');
  const slot = Math.max(MIN_SLOT, Math.min(MAX_SLOT, Math.floor(880 / Math.max(points.length, 1))));
  const width = PAD.left + PAD.right + slot * points.length;
  const max = Math.max(1, ...points.map((point) => Math.max(point.views, point.clicks)));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const plot = HEIGHT - PAD.top - PAD.bottom;
  const y = (value: number) => PAD.top + plot - (value / top) * plot;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
  // A date label every few bars so they never overlap.
  const labelEvery = Math.max(1, Math.ceil(44 / slot));
  const barWidth = Math.max(6, slot * 0.6);
  const clickLine = points.map((point, index) => `${PAD.left + slot * index + slot / 2},${y(point.clicks)}`).join(' ');

  return (
    <figure className="visits-chart">
      <div className="visits-chart__legend" aria-hidden>
        <span>
          <span className="visits-chart__swatch" style={{ background: 'var(--color-primary)' }} />
          {t('content.visits.views')}
        </span>
        <span>
          <span className="visits-chart__swatch" style={{ background: 'var(--color-accent)' }} />
          {t('content.visits.clicks')}
        </span>
      </div>
      <svg width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={label}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="visits-chart__grid" x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} />
            <text className="visits-chart__axis" x={PAD.left - 6} y={y(tick) + 4} textAnchor="end">
              {tick}
            </text>
          </g>
        ))}
        {points.map((point, index) => {
          const x = PAD.left + slot * index + (slot - barWidth) / 2;
          const height = Math.max(point.views > 0 ? 1 : 0, y(0) - y(point.views));
          return (
            <g key={point.day}>
              <rect
                className="visits-chart__bar"
                data-day={point.day}
                x={x}
                y={y(0) - height}
                width={barWidth}
                height={height}
                rx={2}
              >
                <title>
                  {t('content.visits.barTitle', { day: point.day, views: point.views, clicks: point.clicks })}
                </title>
              </rect>
              {index % labelEvery === 0 ? (
                <text
                  className="visits-chart__axis"
                  x={PAD.left + slot * index + slot / 2}
                  y={HEIGHT - 14}
                  textAnchor="middle"
                >
                  {point.day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
        {points.length > 1 ? (
          <polyline points={clickLine} fill="none" stroke="var(--color-accent)" strokeWidth={2} />
        ) : null}
        {points.map((point, index) => (
          <circle
            key={point.day}
            className="visits-chart__click"
            cx={PAD.left + slot * index + slot / 2}
            cy={y(point.clicks)}
            r={2.5}
          />
        ))}
      </svg>
    </figure>
  );
}
