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
  /** Called with the index in x of the point under the cursor when the chart is clicked. */
  onPick?(index: number): void;
}

export function BalanceChart({ x, y, xLabel, time = false, onPick }: BalanceChartProps) {
  const host = useRef<HTMLDivElement>(null);
  // Read at click time, so a new callback each render does not draw the chart again.
  const pick = useRef(onPick);
  useEffect(() => {
    pick.current = onPick;
  });
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
    chart.over.addEventListener('click', () => {
      if (chart.cursor.idx != null) pick.current?.(chart.cursor.idx);
    });
    return () => chart.destroy();
  }, [x, y, xLabel, time]);
  return (
    <div
      ref={host}
      className={onPick ? 'lab-chart lab-chart-pick' : 'lab-chart'}
      data-testid="balance-chart"
      data-points={x.length}
    />
  );
}
