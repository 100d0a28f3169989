import { AxisBottom, AxisLeft, type TickLabelProps } from '@visx/axis';
import { GridColumns, GridRows } from '@visx/grid';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import type { ReactNode } from 'react';
import { seatLevel, type SeatLevel } from '../../components/SeatBar';

// The dashboards' charts, in a chunk of their own that loads after the figures (ChartFigure shows
// the same numbers as text meanwhile). Colours are the theme's variables, so switching the theme
// repaints them without a render. Each bar's <title> gives its number to a pointer's hover.

export interface DayCount {
  day: string;
  count: number;
}

export interface EventFill {
  name: string;
  /** Seats taken in percent, one decimal. */
  occupancy: number;
}

const LEVEL_COLOURS: Record<SeatLevel, string> = { ok: 'var(--seat-ok)', warning: 'var(--seat-warning)', full: 'var(--seat-full)' };
// visx replaces its default label props with these, so each axis says its anchor again.
const LABEL = { fill: 'var(--text-muted)', fontSize: 12, fontFamily: 'inherit' } as const;
const leftLabel: TickLabelProps<unknown> = () => ({ ...LABEL, textAnchor: 'end', verticalAnchor: 'middle', dx: -4 });
const bottomLabel: TickLabelProps<unknown> = () => ({ ...LABEL, textAnchor: 'middle', verticalAnchor: 'start' });
const AXIS = { stroke: 'var(--border)', tickStroke: 'var(--border)' } as const;

/** An SVG as wide as its box (the figure's plot, whose height is fixed), drawn once the width is known. */
function SizedSvg({ children }: { children: (width: number, height: number) => ReactNode }) {
  const { parentRef, width, height } = useParentSize({ debounceTime: 50 });
  return (
    // Hidden from screen readers: the figure's table gives them every number.
    <div ref={parentRef} className="chart__svg" aria-hidden="true">
      {width > 0 && (
        <svg width={width} height={height} role="presentation">
          {children(width, height)}
        </svg>
      )}
    </div>
  );
}

const DAY_MARGIN = { top: 8, right: 8, bottom: 28, left: 36 };
const MAX_BAR_WIDTH = 48;

/** Registrations per day, oldest first: one bar a day. */
export function DayCountChart({ days, label }: { days: DayCount[]; label: (day: string) => string }) {
  return (
    <SizedSvg>
      {(width, height) => {
        const innerWidth = width - DAY_MARGIN.left - DAY_MARGIN.right;
        const innerHeight = height - DAY_MARGIN.top - DAY_MARGIN.bottom;
        const x = scaleBand({ domain: days.map(({ day }) => day), range: [0, innerWidth], padding: 0.25 });
        const y = scaleLinear({ domain: [0, Math.max(1, ...days.map(({ count }) => count))], range: [innerHeight, 0], nice: true });
        // About one label per 56 px, so a month of days stays legible on a phone.
        const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerWidth / 56))));
        // A few days' bars stay bars, not blocks.
        const barWidth = Math.min(x.bandwidth(), MAX_BAR_WIDTH);
        // Counts are whole: no tick between them.
        const counts = y.ticks(4).filter(Number.isInteger);
        return (
          <Group left={DAY_MARGIN.left} top={DAY_MARGIN.top}>
            <GridRows scale={y} width={innerWidth} stroke="var(--border)" tickValues={counts} />
            {days.map(({ day, count }) => (
              <Bar
                key={day}
                x={(x(day) ?? 0) + (x.bandwidth() - barWidth) / 2}
                y={y(count)}
                width={barWidth}
                height={innerHeight - y(count)}
                fill="var(--primary)"
                rx={3}
              >
                <title>{`${label(day)}: ${count}`}</title>
              </Bar>
            ))}
            <AxisLeft scale={y} tickValues={counts} tickFormat={(value) => String(value)} tickLabelProps={leftLabel} {...AXIS} />
            <AxisBottom
              scale={x}
              top={innerHeight}
              tickValues={days.filter((_, index) => index % every === 0).map(({ day }) => day)}
              tickFormat={label}
              tickLabelProps={bottomLabel}
              {...AXIS}
            />
          </Group>
        );
      }}
    </SizedSvg>
  );
}

const FILL_MARGIN = { top: 4, right: 48, bottom: 24, left: 116 };

/** Each event's seats taken in percent, one bar an event, coloured as the seat bars are. */
export function FillChart({ events }: { events: EventFill[] }) {
  return (
    <SizedSvg>
      {(width, height) => {
        const innerWidth = width - FILL_MARGIN.left - FILL_MARGIN.right;
        const innerHeight = height - FILL_MARGIN.top - FILL_MARGIN.bottom;
        const x = scaleLinear({ domain: [0, 100], range: [0, innerWidth] });
        const y = scaleBand({ domain: events.map(({ name }) => name), range: [0, innerHeight], padding: 0.3 });
        return (
          <Group left={FILL_MARGIN.left} top={FILL_MARGIN.top}>
            <GridColumns scale={x} height={innerHeight} stroke="var(--border)" tickValues={[0, 50, 100]} />
            {events.map(({ name, occupancy }) => {
              const barWidth = x(Math.min(occupancy, 100));
              return (
                <g key={name}>
                  <Bar x={0} y={y(name)} width={barWidth} height={y.bandwidth()} fill={LEVEL_COLOURS[seatLevel(occupancy, 100)]} rx={3}>
                    <title>{`${name}: ${occupancy}%`}</title>
                  </Bar>
                  <text x={barWidth + 6} y={(y(name) ?? 0) + y.bandwidth() / 2} dy="0.35em" fill="var(--text)" fontSize={12} fontWeight={700}>
                    {`${occupancy}%`}
                  </text>
                </g>
              );
            })}
            <AxisLeft scale={y} tickValues={events.map(({ name }) => name)} tickFormat={shorten} tickLabelProps={leftLabel} {...AXIS} />
            <AxisBottom
              scale={x}
              top={innerHeight}
              tickValues={[0, 50, 100]}
              tickFormat={(value) => `${String(value)}%`}
              tickLabelProps={bottomLabel}
              {...AXIS}
            />
          </Group>
        );
      }}
    </SizedSvg>
  );
}

/** A long event name cut for the axis (the bar's title and the text alternative say it whole). */
const shorten = (name: string) => (name.length > 15 ? `${name.slice(0, 14)}…` : name);
