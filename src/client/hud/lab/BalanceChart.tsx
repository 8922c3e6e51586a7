/** A balance curve drawn with uPlot: loaded with the lab and the stats only, never with the page. */

import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { t } from '../../i18n/i18n';

interface BalanceChartProps {
  /** x values (bet numbers or times) and the balance in coins at each. */
  x: number[];
  y: number[];
  /** The label of x, and whether x is a time in seconds. */
  xLabel: string;
  time?: boolean;
}

export function BalanceChart({ x, y, xLabel, time = false }: BalanceChartProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current!;
    const chart = new uPlot(
      {
        width: element.clientWidth || 560,
        height: 220,
        scales: { x: { time } },
        legend: { show: false },
        axes: [
          { stroke: '#c2c3c7', grid: { stroke: '#2c2352' }, label: xLabel },
          { stroke: '#c2c3c7', grid: { stroke: '#2c2352' } },
        ],
        series: [{}, { stroke: '#ffec27', width: 2, label: t('lab.balance') }],
      },
      [x, y],
      element,
    );
    return () => chart.destroy();
  }, [x, y, xLabel, time]);
  return <div ref={host} className="lab-chart" data-testid="balance-chart" data-points={x.length} />;
}
