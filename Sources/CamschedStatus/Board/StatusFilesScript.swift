/// The page's per-job actions and file browser: run now, trigger, and the newest filed files
/// (stills shown, segments and clips played in a `<video>` element that seeks with byte ranges).
enum StatusFilesScript {
    static let text = """
        const filesOpen = new Map(), saids = new Map();

        async function act(job, action, said) {
          said.textContent = '…';
          try {
            const response = await fetch(`api/jobs/${encodeURIComponent(job.name)}/${action}`, { method: 'POST' });
            const text = await response.text();
            let answer = text.trim();
            try { const body = JSON.parse(text); answer = body.run ? `started run ${body.run}` : 'trigger sent'; } catch (_) {}
            said.textContent = answer;
            said.dataset.status = String(response.status);
          } catch (error) {
            said.textContent = `failed: ${error.message}`;
          }
          update(false);
        }

        function actions(job, panel) {
          if (!saids.has(job.name)) saids.set(job.name, el('span', { class: 'said', role: 'status' }));
          const said = saids.get(job.name);
          const run = el('button', { class: 'primary run-now', type: 'button' }, 'Run now');
          run.disabled = job.state !== 'idle';
          run.title = job.state === 'idle' ? 'start this job now' : 'a job never overlaps itself';
          run.onclick = () => act(job, 'run', said);
          const row = el('div', { class: 'actions' }, run);
          if (job.kind === 'trigger') {
            const trigger = el('button', { class: 'trigger', type: 'button' }, 'Trigger');
            trigger.disabled = job.state === 'idle';
            trigger.title = 'file a clip now, as motion would';
            trigger.onclick = () => act(job, 'trigger', said);
            row.append(trigger);
          }
          const files = el('button', { class: 'show-files', type: 'button', 'aria-expanded': String(!panel.hidden) }, 'Files');
          files.onclick = () => {
            panel.hidden = !panel.hidden;
            files.setAttribute('aria-expanded', String(!panel.hidden));
            if (!panel.hidden) loadFiles(job.name, panel);
          };
          row.append(files, said);
          return row;
        }

        function filesPanel(name) {
          if (!filesOpen.has(name)) {
            const panel = el('div', { class: 'files' }, el('ul'), el('div', { class: 'viewer' }));
            panel.hidden = true;
            filesOpen.set(name, panel);
          }
          return filesOpen.get(name);
        }

        async function loadFiles(name, panel) {
          const list = panel.querySelector('ul');
          try {
            const response = await fetch(`api/jobs/${encodeURIComponent(name)}/files`, { cache: 'no-store' });
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            const { files } = await response.json();
            if (!files.length) {
              list.replaceChildren(el('li', { class: 'empty' }, 'No files yet — they appear here as the job files them.'));
              return;
            }
            list.replaceChildren(...files.map((file) => {
              const open = el('button', { type: 'button', 'data-file': file.file, 'data-type': file.type },
                el('span', {}, `${file.kind} · ${file.file.split('/').pop()}`), el('span', {}, `${when(file.at)} · ${bytes(file.bytes)}`));
              open.onclick = () => show(file, panel, open);
              return el('li', {}, open);
            }));
          } catch (error) {
            list.replaceChildren(el('li', { class: 'empty' }, `cannot list the files: ${error.message}`));
          }
        }

        function show(file, panel, button) {
          panel.querySelectorAll('li button.open').forEach((b) => b.classList.remove('open'));
          button.classList.add('open');
          const url = file.url.slice(1);
          const viewer = file.type.startsWith('video/')
            ? el('video', { src: url, controls: '', muted: '', autoplay: '', playsinline: '', preload: 'metadata' })
            : el('img', { src: url, alt: file.file });
          if (viewer.tagName === 'VIDEO') { viewer.muted = true; viewer.play().catch(() => {}); }
          panel.querySelector('.viewer').replaceChildren(viewer, el('p', { class: 'legend' }, `${file.file} · ${when(file.at)}`));
        }

        """
}
