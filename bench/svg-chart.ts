// A small log–log line chart as SVG text, for docs/benchmarks.md.

export interface Series {
  readonly name: string;
  readonly colour: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

const WIDTH = 640;
const HEIGHT = 400;
const MARGIN = { left: 70, right: 170, top: 40, bottom: 50 };

/** Both axes logarithmic: fan-out spans four decades, and so may latency. */
export function logLogChart(title: string, xLabel: string, yLabel: string, series: readonly Series[]): string {
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  const ys = series.flatMap((s) => s.points.map((p) => p.y)).filter((y) => y > 0);
  const [xMin, xMax] = decades(Math.min(...xs), Math.max(...xs));
  const [yMin, yMax] = decades(Math.min(...ys), Math.max(...ys));
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const px = (x: number) => MARGIN.left + ((Math.log10(x) - xMin) / (xMax - xMin)) * plotWidth;
  const py = (y: number) => MARGIN.top + plotHeight - ((Math.log10(Math.max(y, 10 ** yMin)) - yMin) / (yMax - yMin)) * plotHeight;

  const parts: string[] = [];
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="white"/>`);
  parts.push(`<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escape(title)}</text>`);
  for (let decade = xMin; decade <= xMax; decade++) {
    const x = px(10 ** decade);
    parts.push(`<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${MARGIN.top + plotHeight}" stroke="#ddd"/>`);
    parts.push(`<text x="${x}" y="${MARGIN.top + plotHeight + 18}" text-anchor="middle" font-size="12">${format(10 ** decade)}</text>`);
  }
  for (let decade = yMin; decade <= yMax; decade++) {
    const y = py(10 ** decade);
    parts.push(`<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotWidth}" y2="${y}" stroke="#ddd"/>`);
    parts.push(`<text x="${MARGIN.left - 8}" y="${y + 4}" text-anchor="end" font-size="12">${format(10 ** decade)}</text>`);
  }
  parts.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="#444"/>`);
  parts.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 12}" text-anchor="middle" font-size="13">${escape(xLabel)}</text>`);
  parts.push(
    `<text x="16" y="${MARGIN.top + plotHeight / 2}" text-anchor="middle" font-size="13" transform="rotate(-90 16 ${MARGIN.top + plotHeight / 2})">${escape(yLabel)}</text>`,
  );
  series.forEach((s, index) => {
    const path = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.x).toFixed(1)},${py(p.y).toFixed(1)}`).join(' ');
    parts.push(`<path d="${path}" fill="none" stroke="${s.colour}" stroke-width="2.5"/>`);
    for (const p of s.points) {
      parts.push(`<circle cx="${px(p.x).toFixed(1)}" cy="${py(p.y).toFixed(1)}" r="4" fill="${s.colour}"><title>${escape(s.name)}: ${p.y.toFixed(2)} ms at ${p.x}</title></circle>`);
    }
    const legendY = MARGIN.top + 16 + index * 22;
    parts.push(`<line x1="${WIDTH - MARGIN.right + 14}" y1="${legendY}" x2="${WIDTH - MARGIN.right + 38}" y2="${legendY}" stroke="${s.colour}" stroke-width="2.5"/>`);
    parts.push(`<text x="${WIDTH - MARGIN.right + 44}" y="${legendY + 4}" font-size="12">${escape(s.name)}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif">\n${parts.join('\n')}\n</svg>\n`;
}

function decades(min: number, max: number): [number, number] {
  const low = Math.floor(Math.log10(min));
  const high = Math.ceil(Math.log10(max));
  return [low, high === low ? low + 1 : high];
}

function format(value: number): string {
  if (value >= 1000) return `${value / 1000}k`;
  return value >= 1 ? String(value) : value.toString();
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
