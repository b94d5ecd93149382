/// The page's cards, one per job, refreshed every two seconds: state badges, the live preview
/// (or the newest still), what comes next ("next shot in 7 s"), the chart, the newest stills,
/// and the actions. A card's file browser stays as it is across refreshes (a clip keeps playing).
enum StatusCardScript {
    static let text = """
        const el = (tag, props = {}, ...children) => {
          const node = document.createElement(tag);
          for (const [key, value] of Object.entries(props)) {
            if (key === 'class') node.className = value; else node.setAttribute(key, value);
          }
          for (const child of children) node.append(child);
          return node;
        };
        const bytes = (n) => n == null ? '?' : n >= 1e9 ? (n / 1e9).toFixed(1) + ' GB' : n >= 1e6 ? (n / 1e6).toFixed(1) + ' MB' : Math.max(1, Math.round(n / 1e3)) + ' kB';
        const when = (iso) => iso ? new Date(iso).toLocaleString([], { timeZoneName: 'short' }) : '—';
        // A time of day with its zone (zoneName), as "06:17 (UTC)".
        const sinceClock = (iso) => {
          const d = new Date(iso);
          return `${d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false })} (${zoneName(d)})`;
        };
        const enc = encodeURIComponent;
        const cards = new Map(), previews = new Map();

        // The live preview and its caption: "live", or why there is no picture (the server's answer).
        function preview(job) {
          const img = el('img', { class: 'preview', alt: `live preview of ${job.name}`, width: '640', height: '360' });
          const caption = el('span', { class: 'caption' }, 'live');
          const refresh = () => {
            if (!previews.has(job.name)) return;
            const next = new Image();
            next.onload = () => {
              img.src = next.src;
              img.dataset.loaded = `${next.naturalWidth}x${next.naturalHeight}`;
              const r = img.getBoundingClientRect();
              img.dataset.rect = [r.left, r.top + window.scrollY, r.width, r.height].map(Math.round).join(',');
              caption.textContent = 'live';
              delete img.dataset.error;
              setTimeout(refresh, 1000);
            };
            next.onerror = () => {
              fetch(next.src, { cache: 'no-store' }).then((r) => r.ok ? '' : r.text()).catch(() => '').then((why) => {
                if (why) { caption.textContent = why.trim(); img.dataset.error = why.trim(); }
                setTimeout(refresh, 3000);
              });
            };
            next.src = `jobs/${enc(job.name)}/preview.jpg?t=${Date.now()}`;
          };
          setTimeout(refresh, 0);
          return [img, caption];
        }

        function media(job) {
          const box = el('div', { class: 'media' });
          if (job.streaming) {
            if (!previews.has(job.name)) previews.set(job.name, preview(job));
            box.append(...previews.get(job.name));
            return box;
          }
          previews.delete(job.name);
          if (job.stills.length) {
            box.append(el('img', { src: job.stills[0].url.slice(1), alt: `newest still of ${job.name}` }),
              el('span', { class: 'caption' }, `newest still · ${when(job.stills[0].at)}`));
          } else {
            box.append(el('div', { class: 'empty media-empty' }, job.state === 'idle'
              ? 'No picture yet — the preview shows while the job runs.' : 'No picture yet — waiting for the first frame.'));
          }
          return box;
        }

        // What comes next: the next shot of a running time-lapse, else the rate, else the next fire.
        function nextLine(job) {
          const now = Date.now();
          if (job.state === 'idle') {
            return job.nextFireAt ? `next run ${when(job.nextFireAt)}` : 'idle — no run scheduled';
          }
          if (job.kind === 'interval' || job.kind === 'burst') {
            if (job.nextShotAt) {
              const s = Math.max(0, Math.round((Date.parse(job.nextShotAt) - now) / 1000));
              return s > 0 ? `next shot in ${s} s` : 'shot due now';
            }
            return job.filesThisRun ? `${job.filesThisRun} shot(s) this run` : 'first shot coming';
          }
          const target = job.fpsTarget ? ` of ${job.fpsTarget}` : '';
          return `${job.fps} frames a second${target}`;
        }

        function facts(job) {
          const last = job.lastRun ? `${job.lastRun.status}, ${job.lastRun.files} file(s), ${when(job.lastRun.endedAt)}` : 'never run';
          const first = !job.lastRun && job.state !== 'idle' && job.runStartedAt;
          const rows = [first ? ['this run', `running since ${sinceClock(job.runStartedAt)}`] : ['last run', last],
            ['files this run', String(job.filesThisRun)]];
          if (job.kind !== 'interval' && job.kind !== 'burst') rows.push(['dropped', String(job.droppedFrames)]);
          rows.push(['pressure', job.pressure], ['retention', retention(job.retention)]);
          return el('dl', {}, ...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
        }

        function stills(job) {
          return el('div', { class: 'stills' }, ...job.stills.map((still) =>
            el('img', { src: still.url.slice(1), alt: still.file, title: `${still.file}\\n${when(still.at)}`, loading: 'lazy' })));
        }

        function card(job) {
          if (!cards.has(job.name)) {
            const top = el('div', { class: 'card-body' });
            cards.set(job.name, { node: el('section', { class: 'job', 'data-job': job.name }, top, filesPanel(job.name)), top });
          }
          const { node, top } = cards.get(job.name);
          const state = job.state.startsWith('waiting') ? 'waiting' : job.state;
          node.dataset.state = job.state;
          top.replaceChildren(
            el('h2', {}, el('span', { class: 'name' }, job.name), el('span', { class: 'kind' }, job.kind),
              el('span', { class: `state ${state}` }, job.state)),
            media(job), el('div', { class: 'next' }, nextLine(job)), facts(job), chart(job.samples),
            job.stills.length > 1 ? stills(job) : '', actions(job, filesPanel(job.name)));
          return node;
        }

        function retention(r) {
          const parts = [];
          if (r.maxAgeSeconds) parts.push(`max age ${(r.maxAgeSeconds / 86400).toFixed(1)} d`);
          if (r.maxSize) parts.push(`max ${bytes(r.maxSize)}`);
          if (r.minFree) parts.push(`keep ${bytes(r.minFree)} free`);
          return parts.length ? parts.join(', ') : 'keep everything';
        }

        async function update(again = true) {
          try {
            const response = await fetch('api/status', { cache: 'no-store' });
            if (response.status === 401) { location.href = 'login'; return; }
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            const status = await response.json();
            document.getElementById('summary').textContent =
              `${status.host} · camsched ${status.version} · ${status.jobs.length} job(s) · pressure ${status.pressure.level}`;
            const main = document.getElementById('jobs');
            const nodes = status.jobs.map(card);
            if (nodes.length !== main.children.length || nodes.some((n, i) => main.children[i] !== n)) main.replaceChildren(...nodes);
            if (!nodes.length) main.replaceChildren(el('p', { class: 'empty' }, 'No jobs.'));
            document.getElementById('disk').textContent =
              status.disks.map((d) => `${d.root}: ${bytes(d.freeBytes)} free`).join(' · ');
            document.getElementById('updated').textContent = `updated ${new Date().toLocaleTimeString([], { hour12: false })} (${zoneName(new Date())})`;
          } catch (error) {
            document.getElementById('summary').textContent = `cannot reach camsched: ${error.message}`;
          }
          if (again) setTimeout(update, 2000);
        }
        update();

        """
}
