/// The page's chart: frames per second (left axis, blue), frames dropped so far (right axis,
/// red) and the pressure level (orange, 0–4 on the fps axis's height) against the time of day
/// (bottom axis, HH:MM:SS, its zone named in the legend). Plain SVG drawn by the page's own script.
enum StatusChartScript {
    static let text = """
        'use strict';
        const svgNS = 'http://www.w3.org/2000/svg';
        const svgEl = (tag, attrs = {}, text) => {
          const node = document.createElementNS(svgNS, tag);
          for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
          if (text != null) node.textContent = text;
          return node;
        };
        const clock = (date) => date.toTimeString().slice(0, 8);
        // The zone the page's times are in (the browser's), named: a page read from afar must
        // not leave the reader guessing whose clock it is.
        const zoneName = (date) => (new Intl.DateTimeFormat([], { timeZoneName: 'short' }).formatToParts(date)
          .find((p) => p.type === 'timeZoneName') || { value: 'local time' }).value;
        // A round step for about `count` ticks up to `max`.
        const niceStep = (max, count) => {
          const raw = max / count, power = Math.pow(10, Math.floor(Math.log10(raw)));
          return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
        };
        const tickLabel = (v) => Number.isInteger(v) ? String(v) : v.toFixed(1);

        function chart(samples) {
          if (samples.length < 2) {
            return el('figure', { class: 'chart' },
              el('div', { class: 'empty chart-empty' }, 'No data yet — the chart fills while a run streams (one sample a second).'));
          }
          const W = 320, H = 150, L = 30, R = 26, T = 8, B = 20, w = W - L - R, h = H - T - B;
          const svg = svgEl('svg', { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': 'frames per second, dropped frames and pressure over time' });
          const times = samples.map((s) => Date.parse(s.at));
          const t0 = times[0], t1 = Math.max(times[times.length - 1], t0 + 1000);
          const x = (t) => L + ((t - t0) / (t1 - t0)) * w;
          const fpsStep = niceStep(Math.max(1, ...samples.map((s) => s.fps)) * 1.05, 4);
          const fpsMax = Math.max(fpsStep, Math.ceil(Math.max(1, ...samples.map((s) => s.fps)) * 1.05 / fpsStep) * fpsStep);
          const dropStep = niceStep(Math.max(1, ...samples.map((s) => s.dropped)), 4);
          const dropMax = Math.max(dropStep, Math.ceil(Math.max(1, ...samples.map((s) => s.dropped)) / dropStep) * dropStep);
          const y = (v, max) => T + h - (v / max) * h;
          for (let v = 0; v <= fpsMax + 1e-9; v += fpsStep) {
            svg.append(svgEl('line', { class: 'grid', x1: L, x2: L + w, y1: y(v, fpsMax), y2: y(v, fpsMax) }),
              svgEl('text', { class: 'tick-y', x: L - 3, y: y(v, fpsMax) + 3, 'text-anchor': 'end' }, tickLabel(v)));
          }
          for (let v = 0; v <= dropMax + 1e-9; v += dropStep) {
            svg.append(svgEl('text', { class: 'tick-y2', x: L + w + 3, y: y(v, dropMax) + 3, fill: '#c62828' }, tickLabel(v)));
          }
          // The first and last sample's times at the ends, round times between them where they fit.
          const span = (t1 - t0) / 1000, step = [5, 10, 15, 30, 60, 120, 300, 600].find((s) => span / s <= 3) || 900;
          const ticks = [[t0, 'start'], [t1, 'end']];
          for (let t = Math.ceil(t0 / 1000 / step) * step * 1000; t <= t1; t += step * 1000) {
            if (x(t) - x(t0) > 48 && x(t1) - x(t) > 48) ticks.push([t, 'middle']);
          }
          for (const [t, anchor] of ticks) {
            svg.append(svgEl('line', { class: 'grid', x1: x(t), x2: x(t), y1: T, y2: T + h }),
              svgEl('text', { class: 'tick-x', x: x(t), y: H - 6, 'text-anchor': anchor, 'data-time': new Date(t).toISOString() }, clock(new Date(t))));
          }
          svg.append(svgEl('line', { class: 'axis', x1: L, x2: L, y1: T, y2: T + h }),
            svgEl('line', { class: 'axis', x1: L, x2: L + w, y1: T + h, y2: T + h }),
            // The scales' units in the bottom corners, clear of the top ticks and of the time labels.
            svgEl('text', { x: 2, y: H - 6 }, 'fps'), svgEl('text', { x: W - 2, y: H - 6, 'text-anchor': 'end', fill: '#c62828' }, 'lost'));
          const line = (value, color, max, cls) => svg.append(svgEl('polyline', {
            class: cls, fill: 'none', stroke: color, 'stroke-width': 1.6,
            points: samples.map((s, i) => `${x(times[i]).toFixed(1)},${y(value(s), max).toFixed(1)}`).join(' '),
          }));
          line((s) => s.pressure, '#d98300', 4, 'pressure');
          line((s) => s.dropped, '#c62828', dropMax, 'dropped');
          line((s) => s.fps, '#2e7dd7', fpsMax, 'fps');
          return el('figure', { class: 'chart' }, svg,
            el('figcaption', { class: 'legend' }, el('span', { class: 'fps' }, '— frames a second '),
              el('span', { class: 'dropped' }, '— frames lost (right axis) '), el('span', { class: 'pressure' }, '— pressure 0–4 '),
              el('span', { class: 'zone' }, `· times ${zoneName(new Date())}`)));
        }

        """
}
