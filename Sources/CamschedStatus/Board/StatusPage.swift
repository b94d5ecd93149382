/// The status page: one HTML page, one script and one style sheet, all served by camsched —
/// nothing is fetched from elsewhere (these boxes are often offline).
enum StatusPage {
    static let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>camsched</title>
        <link rel="stylesheet" href="status.css">
        </head>
        <body>
        <header>
          <h1>camsched</h1>
          <p id="summary">loading…</p>
        </header>
        <main id="jobs"></main>
        <footer><p id="disk"></p><p id="updated"></p></footer>
        <script src="status.js"></script>
        </body>
        </html>

        """

    static let style = """
        :root { color-scheme: light dark; --fg: #1c1c1e; --bg: #f4f4f6; --card: #fff; --muted: #6b6b70;
          --ok: #1a7f37; --warn: #b35900; --bad: #c62828; --line: #d0d0d6; }
        @media (prefers-color-scheme: dark) { :root { --fg: #eee; --bg: #111214; --card: #1d1e21; --muted: #a0a0a8; --line: #3a3b40; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
        header, footer { padding: 0.75rem 1rem; }
        h1 { margin: 0; font-size: 1.3rem; }
        #summary, footer p { margin: 0.2rem 0; color: var(--muted); }
        main { display: grid; gap: 1rem; padding: 0 1rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 22rem), 1fr)); }
        .job { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 0.8rem; }
        .job h2 { margin: 0 0 0.3rem; font-size: 1.1rem; display: flex; justify-content: space-between; gap: 0.5rem; }
        .state { font-size: 0.8rem; padding: 0.1rem 0.5rem; border-radius: 99px; color: #fff; background: var(--muted); }
        .state.running { background: var(--ok); } .state.throttled { background: var(--warn); }
        .state.waiting { background: var(--bad); }
        dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.8rem; margin: 0.3rem 0; font-size: 0.9rem; }
        dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
        .preview { display: block; width: 100%; height: auto; background: #000; border-radius: 6px; margin: 0.4rem 0; }
        svg.chart { width: 100%; height: 120px; background: var(--bg); border-radius: 6px; }
        .legend { font-size: 0.8rem; color: var(--muted); }
        .legend .fps { color: #2e7dd7; } .legend .dropped { color: var(--bad); } .legend .pressure { color: var(--warn); }
        .stills { display: flex; gap: 0.3rem; overflow-x: auto; margin-top: 0.4rem; }
        .stills img { height: 64px; border-radius: 4px; }

        """

    static let script = """
        'use strict';
        const levels = ['nominal', 'fair', 'serious', 'critical', 'shutdown'];
        const el = (tag, props = {}, ...children) => {
          const node = document.createElement(tag);
          for (const [key, value] of Object.entries(props)) {
            if (key === 'class') node.className = value; else node.setAttribute(key, value);
          }
          for (const child of children) node.append(child);
          return node;
        };
        const bytes = (n) => n == null ? '?' : n >= 1e9 ? (n / 1e9).toFixed(1) + ' GB' : (n / 1e6).toFixed(0) + ' MB';
        const when = (iso) => iso ? new Date(iso).toLocaleString() : '—';
        const enc = encodeURIComponent;

        function chart(samples) {
          const ns = 'http://www.w3.org/2000/svg', w = 300, h = 100;
          const svg = document.createElementNS(ns, 'svg');
          svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
          svg.setAttribute('preserveAspectRatio', 'none');
          svg.setAttribute('class', 'chart');
          if (samples.length < 2) return svg;
          const maxFps = Math.max(1, ...samples.map((s) => s.fps));
          const maxDrop = Math.max(1, ...samples.map((s) => s.dropped));
          const x = (i) => (i / (samples.length - 1)) * w;
          const line = (value, color, max) => {
            const path = document.createElementNS(ns, 'polyline');
            path.setAttribute('points', samples.map((s, i) => `${x(i).toFixed(1)},${(h - 4 - (value(s) / max) * (h - 8)).toFixed(1)}`).join(' '));
            path.setAttribute('fill', 'none');
            path.setAttribute('stroke', color);
            path.setAttribute('stroke-width', '2');
            path.setAttribute('vector-effect', 'non-scaling-stroke');
            svg.append(path);
          };
          line((s) => s.pressure, '#d98300', 4);
          line((s) => s.dropped, '#c62828', maxDrop);
          line((s) => s.fps, '#2e7dd7', maxFps * 1.1);
          return svg;
        }

        function preview(job) {
          const img = el('img', { class: 'preview', alt: `live preview of ${job.name}`, width: '640', height: '360' });
          const refresh = () => {
            if (!img.isConnected) return;
            const next = new Image();
            next.onload = () => {
              img.src = next.src;
              img.dataset.loaded = `${next.naturalWidth}x${next.naturalHeight}`;
              const r = img.getBoundingClientRect();
              img.dataset.rect = [r.left, r.top + window.scrollY, r.width, r.height].map(Math.round).join(',');
              setTimeout(refresh, 1000);
            };
            next.onerror = () => setTimeout(refresh, 3000);
            next.src = `jobs/${enc(job.name)}/preview.jpg?t=${Date.now()}`;
          };
          setTimeout(refresh, 0);
          return img;
        }

        const previews = new Map();

        function card(job) {
          const state = job.state.startsWith('waiting') ? 'waiting' : job.state;
          const last = job.lastRun ? `${job.lastRun.status}, ${job.lastRun.files} file(s), ${when(job.lastRun.endedAt)}` : '—';
          const fps = job.fpsTarget ? `${job.fps} / ${job.fpsTarget}` : `${job.fps}`;
          const node = el('section', { class: 'job', 'data-job': job.name, 'data-state': job.state },
            el('h2', {}, el('span', { class: 'name' }, job.name), el('span', { class: `state ${state}` }, job.state)),
            el('dl', {},
              el('dt', {}, 'kind'), el('dd', {}, job.kind),
              el('dt', {}, 'next fire'), el('dd', { class: 'next' }, when(job.nextFireAt)),
              el('dt', {}, 'last run'), el('dd', {}, last),
              el('dt', {}, 'fps'), el('dd', {}, fps),
              el('dt', {}, 'dropped'), el('dd', {}, String(job.droppedFrames)),
              el('dt', {}, 'pressure'), el('dd', {}, job.pressure),
              el('dt', {}, 'retention'), el('dd', {}, retention(job.retention))));
          if (job.streaming) {
            if (!previews.has(job.name)) previews.set(job.name, preview(job));
            node.append(previews.get(job.name));
          } else {
            previews.delete(job.name);
          }
          node.append(chart(job.samples),
            el('div', { class: 'legend' }, el('span', { class: 'fps' }, '— fps '), el('span', { class: 'dropped' }, '— dropped '),
              el('span', { class: 'pressure' }, '— pressure')));
          const stills = el('div', { class: 'stills' });
          for (const still of job.stills) stills.append(el('img', { src: still.url.slice(1), alt: still.file, title: `${still.file}\\n${when(still.at)}`, loading: 'lazy' }));
          node.append(stills);
          return node;
        }

        function retention(r) {
          const parts = [];
          if (r.maxAgeSeconds) parts.push(`max age ${(r.maxAgeSeconds / 86400).toFixed(1)} d`);
          if (r.maxSize) parts.push(`max ${bytes(r.maxSize)}`);
          if (r.minFree) parts.push(`keep ${bytes(r.minFree)} free`);
          return parts.length ? parts.join(', ') : 'keep everything';
        }

        async function update() {
          try {
            const response = await fetch('api/status', { cache: 'no-store' });
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            const status = await response.json();
            document.getElementById('summary').textContent =
              `${status.host} · camsched ${status.version} · pressure ${status.pressure.level}`;
            document.getElementById('jobs').replaceChildren(...status.jobs.map(card));
            document.getElementById('disk').textContent =
              status.disks.map((d) => `${d.root}: ${bytes(d.freeBytes)} free`).join(' · ');
            document.getElementById('updated').textContent = `updated ${new Date().toLocaleTimeString()}`;
          } catch (error) {
            document.getElementById('summary').textContent = `cannot reach camsched: ${error.message}`;
          }
          setTimeout(update, 2000);
        }
        update();

        """
}
