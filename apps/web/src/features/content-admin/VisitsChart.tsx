import { BarChart, type BarSeriesOption, LineChart, type LineSeriesOption } from 'echarts/charts';
import {
  AriaComponent,
  type AriaComponentOption,
  GridComponent,
  type GridComponentOption,
  LegendComponent,
  type LegendComponentOption,
  TooltipComponent,
  type TooltipComponentOption,
} from 'echarts/components';
import { type ComposeOption, type EChartsType, init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { TFunction } from 'i18next';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n/useLocale.ts';

// Only what this chart draws: bars, a line, axes, legend, tooltip, the aria description, SVG.
use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, AriaComponent, SVGRenderer]);

type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
  | AriaComponentOption
>;

export type DayPoint = { day: string; views: number; clicks: number };

const HEIGHT = 280;
/** The width drawn where the page has no layout to measure (tests). */
const FALLBACK_WIDTH = 720;

/** The portal's colours from its stylesheet (the chart draws in SVG, outside CSS). */
function palette() {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    primary: read('--color-primary', '#0a3d91'),
    accent: read('--color-accent', '#c9a14a'),
    text: read('--color-text-secondary', '#4b5563'),
    border: read('--color-border', '#dfe4ec'),
  };
}

type TooltipParam = { axisValueLabel?: string; seriesName?: string; value?: unknown; color?: unknown };

/**
 * The tooltip as elements, not an HTML string: the page's policy refuses the inline `style`
 * attributes ECharts' default tooltip markup carries (styles set from script are allowed).
 */
function tooltipOf(params: TooltipParam | TooltipParam[]): HTMLElement {
  const list = Array.isArray(params) ? params : [params];
  const box = document.createElement('div');
  const title = document.createElement('div');
  title.style.fontWeight = '600';
  title.textContent = list[0]?.axisValueLabel ?? '';
  box.append(title);
  for (const item of list) {
    const line = document.createElement('div');
    const swatch = document.createElement('span');
    Object.assign(swatch.style, {
      display: 'inline-block',
      width: '10px',
      height: '10px',
      marginRight: '6px',
      borderRadius: '2px',
      background: typeof item.color === 'string' ? item.color : '',
    });
    line.append(swatch, `${item.seriesName ?? ''}: ${Number(item.value ?? 0).toLocaleString()}`);
    box.append(line);
  }
  return box;
}

/** The chart's option: views as bars, clicks as a line, in the portal's colours. */
function chartOption(points: readonly DayPoint[], t: TFunction<'backoffice'>): ChartOption {
  const colors = palette();
  const views = t('content.visits.views');
  const clicks = t('content.visits.clicks');
  return {
    animation: false,
    color: [colors.primary, colors.accent],
    textStyle: { fontFamily: 'inherit' },
    aria: { enabled: true },
    legend: { top: 0, left: 0, data: [views, clicks], textStyle: { color: colors.text } },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, formatter: tooltipOf as never },
    grid: { top: 56, left: 8, right: 12, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: {
      type: 'category',
      name: t('content.visits.day'),
      nameLocation: 'middle',
      nameGap: 28,
      data: points.map((point) => point.day),
      axisLabel: { color: colors.text, hideOverlap: true, formatter: (day: string) => day.slice(5) },
      axisLine: { lineStyle: { color: colors.border } },
    },
    yAxis: {
      type: 'value',
      name: t('content.visits.count'),
      minInterval: 1,
      nameTextStyle: { color: colors.text, align: 'left' },
      axisLabel: { color: colors.text },
      splitLine: { lineStyle: { color: colors.border, type: 'dashed' } },
    },
    series: [
      {
        type: 'bar',
        name: views,
        data: points.map((point) => point.views),
        barMaxWidth: 28,
        itemStyle: { borderRadius: [2, 2, 0, 0] },
      },
      {
        type: 'line',
        name: clicks,
        data: points.map((point) => point.clicks),
        symbolSize: 5,
        lineStyle: { width: 2 },
      },
    ],
  };
}

/** The ECharts instance drawn in `host`, resized with it. */
function useVisitsChartInstance(host: RefObject<HTMLDivElement | null>, locale: string): EChartsType | null {
  const [chart, setChart] = useState<EChartsType | null>(null);
  // One chart per language (ECharts' own texts, such as the aria description, follow it).
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const instance = init(element, undefined, {
      renderer: 'svg',
      locale: locale === 'zh-CN' ? 'ZH' : 'EN',
      width: element.clientWidth || FALLBACK_WIDTH,
      height: HEIGHT,
    });
    setChart(instance);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            if (element.clientWidth) instance.resize({ width: element.clientWidth, height: HEIGHT });
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, [host, locale]);
  return chart;
}

/**
 * Views per day as bars and clicks as a line (ECharts, SVG renderer), with a translated legend,
 * axis names and tooltip, and ECharts' aria description of the series for screen readers. The
 * tables on the page carry the same numbers for copying.
 */
export function VisitsChart({ points, label }: { points: readonly DayPoint[]; label: string }) {
  const { t } = useTranslation('backoffice');
  const { locale } = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const chart = useVisitsChartInstance(host, locale);

  useEffect(() => {
    chart?.setOption(chartOption(points, t), { notMerge: true });
  }, [chart, points, t]);

  return (
    <figure className="visits-chart" aria-label={label}>
      <div ref={host} className="visits-chart__canvas" style={{ height: HEIGHT }} />
    </figure>
  );
}
