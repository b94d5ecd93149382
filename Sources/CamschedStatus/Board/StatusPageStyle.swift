/// The status page's style sheet: a grid of camera cards, several a row on a wide screen and
/// one on a phone; light and dark.
enum StatusPageStyle {
    static let text = """
        :root { color-scheme: light dark; --fg: #1c1c1e; --bg: #f4f4f6; --card: #fff; --muted: #6b6b70;
          --ok: #1a7f37; --warn: #b35900; --bad: #c62828; --line: #d0d0d6; --accent: #2e7dd7; }
        @media (prefers-color-scheme: dark) { :root { --fg: #eee; --bg: #111214; --card: #1d1e21; --muted: #a0a0a8; --line: #3a3b40; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.4 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
        header.top { display: flex; justify-content: space-between; align-items: center; gap: 1rem; padding: 0.75rem 1rem; }
        footer { padding: 0.75rem 1rem; }
        h1 { margin: 0; font-size: 1.3rem; }
        #summary, footer p { margin: 0.2rem 0; color: var(--muted); }
        button { font: inherit; padding: 0.3rem 0.8rem; border-radius: 6px; border: 1px solid var(--line);
          background: var(--card); color: var(--fg); cursor: pointer; }
        button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
        button:disabled { opacity: 0.5; cursor: default; }
        main { display: grid; gap: 1rem; padding: 0 1rem 1rem; grid-template-columns: repeat(auto-fill, minmax(min(100%, 26rem), 1fr)); }
        .job { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 0.8rem; min-width: 0;
          display: flex; flex-direction: column; gap: 0.5rem; }
        .job h2 { margin: 0; font-size: 1.1rem; display: flex; align-items: center; gap: 0.5rem; }
        .job h2 .name { flex: 1; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .kind { font-size: 0.75rem; color: var(--muted); border: 1px solid var(--line); border-radius: 99px; padding: 0 0.45rem; }
        .state { font-size: 0.8rem; padding: 0.1rem 0.55rem; border-radius: 99px; color: #fff; background: var(--muted); white-space: nowrap; }
        .state.running { background: var(--ok); } .state.throttled { background: var(--warn); }
        .state.waiting { background: var(--bad); }
        .media { position: relative; width: 100%; aspect-ratio: 16 / 9; background: #000; border-radius: 6px; overflow: hidden; }
        .media img { display: block; width: 100%; height: 100%; object-fit: contain; }
        .media .caption { position: absolute; left: 0.4rem; bottom: 0.3rem; font-size: 0.75rem; color: #fff;
          background: rgba(0, 0, 0, 0.55); padding: 0 0.35rem; border-radius: 4px; }
        .empty { display: flex; align-items: center; justify-content: center; text-align: center; padding: 0.6rem;
          color: var(--muted); font-size: 0.9rem; border: 1px dashed var(--line); border-radius: 6px; }
        .media .empty { position: absolute; inset: 0; border: none; color: #c8c8ce; }
        .next { font-size: 1rem; font-weight: 600; }
        dl { display: grid; grid-template-columns: auto 1fr; gap: 0.1rem 0.8rem; margin: 0; font-size: 0.9rem; }
        dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
        figure.chart { margin: 0; }
        figure.chart .empty { min-height: 5rem; }
        svg.chart { display: block; width: 100%; height: auto; background: var(--bg); border-radius: 6px; }
        svg.chart text { font: 9px system-ui, sans-serif; fill: var(--muted); }
        svg.chart .grid { stroke: var(--line); stroke-width: 0.5; }
        svg.chart .axis { stroke: var(--muted); stroke-width: 0.8; }
        .legend { font-size: 0.8rem; color: var(--muted); }
        .legend .fps { color: var(--accent); } .legend .dropped { color: var(--bad); } .legend .pressure { color: var(--warn); }
        .stills { display: grid; grid-template-columns: repeat(6, 1fr); gap: 0.3rem; }
        .stills img { width: 100%; aspect-ratio: 4 / 3; object-fit: cover; border-radius: 4px; display: block; }
        .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; align-items: center; }
        .actions .said { font-size: 0.85rem; color: var(--muted); }
        .files { border-top: 1px solid var(--line); padding-top: 0.4rem; display: flex; flex-direction: column; gap: 0.4rem; }
        .files[hidden] { display: none; }
        .files ul { list-style: none; margin: 0; padding: 0; max-height: 12rem; overflow-y: auto; font-size: 0.85rem; }
        .files li button { width: 100%; text-align: left; border: none; border-radius: 4px; padding: 0.2rem 0.4rem;
          display: flex; justify-content: space-between; gap: 0.5rem; }
        .files li button:hover, .files li button.open { background: var(--bg); }
        .files .viewer img, .files .viewer video { display: block; width: 100%; max-height: 60vh; background: #000; border-radius: 6px; }
        body.login { display: flex; justify-content: center; align-items: center; min-height: 100vh; }
        form#login { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 1.2rem;
          width: min(92vw, 22rem); display: flex; flex-direction: column; gap: 0.6rem; }
        form#login input { font: inherit; padding: 0.4rem; border-radius: 6px; border: 1px solid var(--line); }
        form#login .error { color: var(--bad); margin: 0; }

        """
}
