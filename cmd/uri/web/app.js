// The page of uri serve. It asks /api/read for every reading of what is
// typed and draws them. Every value from the input or the API reaches the
// page through textContent or a DOM property, never as HTML.
'use strict';

const $ = (id) => document.getElementById(id);

// el makes an element with a class and a text, both optional.
function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function add(parent, ...children) {
  for (const c of children) parent.append(c);
  return parent;
}

function row(cells, head) {
  const tr = el('tr');
  for (const c of cells) {
    const td = el(head ? 'th' : 'td');
    if (c instanceof Node) td.append(c); else td.textContent = c;
    tr.append(td);
  }
  return tr;
}

function table(head, rows, cls) {
  const t = el('table', cls);
  if (head) t.append(row(head, true));
  for (const r of rows) t.append(r instanceof Node ? r : row(r));
  return t;
}

function value(v) {
  if (v === null || v === undefined) return el('span', 'none', '(undefined)');
  if (v === '') return el('span', 'none', '""');
  return el('span', 'mono', v);
}

// clipped shows a long value by its two ends, the whole of it in the
// title: a table of many rows stays readable, and quick to lay out.
function clipped(v) {
  if (v.length <= 160) return value(v);
  const e = el('span', 'mono', v.slice(0, 100) + ' \u2026 ' + v.slice(-50));
  e.title = v;
  e.dataset.length = String(v.length);
  return e;
}

function line(label, v, cls) {
  const p = el('p');
  add(p, el('strong', null, label + ': '), el('span', 'mono ' + (cls || ''), v));
  return p;
}

// caret draws s cut at an error: the character there marked, and a "^"
// under it.
function caret(e) {
  const frag = document.createDocumentFragment();
  const pre = el('pre', 'diagram');
  const at = el('span', 'caret' + (e.at === '' ? ' end' : ''), e.at);
  at.dataset.offset = String(e.offset);
  add(pre, e.before, at, e.after);
  const col = Array.from(e.before).length;
  add(frag, pre, el('pre', 'caretline', ' '.repeat(col) + '^'));
  add(frag, el('p', 'err', e.message));
  return frag;
}

function renderRFC(r, body) {
  const x = r.rfc3986;
  if (!x.valid) {
    add(body, el('p', null, 'Not a URI-reference:'), caret(x.error));
    return;
  }
  const pre = el('pre', 'diagram');
  pre.id = 'diagram';
  let at = 0;
  for (const c of x.components) {
    if (c.start > at) pre.append(r.input.slice(at, c.start));
    const s = el('span', 'c-' + c.name, c.value);
    s.dataset.component = c.name;
    s.title = c.name + ' [' + c.start + ', ' + c.end + ')';
    pre.append(s);
    at = Math.max(at, c.end);
  }
  if (at < r.input.length) pre.append(r.input.slice(at));
  if (r.input === '') pre.append(el('span', 'none', '(the empty reference)'));
  body.append(pre);
  const rows = x.components.map((c) => {
    const tr = row([el('span', 'c-' + c.name, c.name), String(c.start), String(c.end), value(c.value)]);
    tr.lastChild.className = 'v';
    return tr;
  });
  add(body, table(['component', 'start', 'end', 'value'], rows, 'components'));
  if (x.hostKind) body.append(line('host kind', x.hostKind));
  body.append(line('normalized', x.normalized));
  if (r.base) {
    const p = x.resolveError ? line('not resolved', x.resolveError, 'err') : line('resolved against the base', x.resolved);
    p.id = 'resolved';
    body.append(p);
  }
}

function renderHazards(r, body) {
  if (!r.rfc3986.valid) {
    body.append(el('p', 'none', 'Hazards are read from valid URIs.'));
    return;
  }
  if (r.hazards.length === 0) {
    body.append(el('p', 'none', 'None: no reader known here reads this URI otherwise.'));
    return;
  }
  const rows = r.hazards.map((h) => {
    const tr = row([el('span', 'mono', h.name), el('span', 'g-' + h.group, h.group),
      h.component, String(h.offset), h.reading]);
    tr.dataset.hazard = h.name;
    return tr;
  });
  body.append(table(['class', 'group', 'component', 'offset', 'who reads it otherwise'], rows, 'hazards'));
}

function renderWHATWG(r, body) {
  const w = r.whatwg;
  const rows = [];
  if (r.rfc3986.error || w.error) {
    const msg = (e) => (e ? e.message : '-');
    const tr = row(['error', msg(r.rfc3986.error), msg(w.error)]);
    if (w.differ.includes('error')) tr.className = 'differ';
    rows.push(tr);
  }
  for (const c of w.components) {
    const tr = row([c.name, value(c.rfc3986), value(c.whatwg)]);
    tr.children[1].className = 'v';
    tr.children[2].className = 'v';
    if (c.differ) tr.className = 'differ';
    tr.dataset.component = c.name;
    rows.push(tr);
  }
  body.append(table(['component', 'RFC 3986', 'WHATWG URL'], rows, 'diff'));
  let summary = 'The readings agree.';
  if (w.differ.length) summary = 'The readings differ in: ' + w.differ.join(', ');
  else if (w.error) summary = 'Both refuse the input.';
  const d = el('p', 'summary', summary);
  d.id = 'differ';
  body.append(d);
  if (w.href) {
    body.append(line('href', w.href));
    const u = line('a browser requests (a valid URI)', w.uri);
    u.id = 'browser-uri';
    body.append(u);
  }
  if (r.base) {
    const p = line('new URL(input, base)', w.resolveError || w.resolved, w.resolveError ? 'err' : '');
    p.id = 'whatwg-resolved';
    body.append(p);
  }
}

// partText says where a front and a back end part: the segment of the
// front's key, and what each has there.
function partText(s) {
  return 'segment ' + s.segment + ' (offset ' + s.offset + ' of the key): ' +
    JSON.stringify(s.frontSegment) + ' to the front, ' + JSON.stringify(s.backSegment) + ' to the back end';
}

function renderRoute(r, body) {
  const x = r.route;
  body.append(line('request-target', x.target));

  const split = new Map();
  for (const s of x.splits) split.set(s.front + '\n' + s.back, s);
  const m = el('table', 'matrix');
  m.id = 'matrix';
  const head = el('tr');
  head.append(el('th', null, 'front \u2193 back \u2192'));
  for (const b of x.backs) head.append(el('th', 'back', b));
  m.append(head);
  for (const f of x.fronts) {
    const tr = el('tr');
    tr.append(el('th', 'front', f));
    for (const b of x.backs) {
      const s = split.get(f + '\n' + b);
      const td = el('td', s ? 'split' : 'agree', s ? '\u2717' : '\u00b7');
      td.title = s ? f + ' and ' + b + ' part: ' + partText(s) : f + ' and ' + b + ' agree';
      if (s) { td.dataset.front = f; td.dataset.back = b; }
      tr.append(td);
    }
    m.append(tr);
  }
  const sum = el('p', 'summary', x.splits.length === 0
    ? 'Every front and back end agree on this target.'
    : x.splits.length + ' of ' + (x.fronts.length * x.backs.length) + ' front and back pairs part (\u2717):');
  sum.id = 'splits';
  const grid = el('div', 'route-grid');
  const left = el('div');
  add(left, el('h3', null, 'Front \u00d7 back: where they route it'), sum, m);
  if (x.splits.length) {
    const ul = el('ul', 'splits');
    for (const s of x.splits.slice(0, 12)) {
      ul.append(el('li', 'mono', s.front + ' \u2192 ' + s.back + ': ' + partText(s)));
    }
    if (x.splits.length > 12) ul.append(el('li', 'none', 'and ' + (x.splits.length - 12) + ' more: point at a \u2717'));
    left.append(ul);
  }
  const rows = x.presets.map((p) => {
    let answer = 'forward';
    if (p.status !== 0) answer = String(p.status) + (p.location ? ' \u2192 ' + p.location : '') + (p.reason ? ': ' + p.reason : '');
    const name = el('span', 'mono', p.name);
    name.title = p.product + ', ' + p.role;
    const tr = row([name, answer, clipped(p.key), clipped(p.forwarded)]);
    if (p.status !== 0) tr.children[1].className = 'status-err';
    tr.children[2].className = 'v';
    tr.children[3].className = 'v';
    tr.dataset.preset = p.name;
    return tr;
  });
  const right = el('div');
  add(right, el('h3', null, 'Each preset: its answer, the key it routes on, the target it forwards'),
    table(['preset', 'answer', 'routes on (key)', 'forwards'], rows, 'presets'));
  add(grid, left, right);
  body.append(grid);
}

function renderCrawl(r, body) {
  const x = r.crawl;
  const rows = x.profiles.map((p) => {
    const tr = row([p.name, p.error ? el('span', 'err', p.error) : value(p.canonical)]);
    tr.children[1].className = 'v';
    return tr;
  });
  body.append(table(['profile', 'canonical form'], rows, 'profiles'));
  if (x.surt) body.append(line('SURT', x.surt));
  if (x.registrableDomain) body.append(line('registrable domain', x.registrableDomain));
  if (x.publicSuffix) body.append(line('public suffix', x.publicSuffix));
}

const sections = [['rfc3986', renderRFC], ['whatwg', renderWHATWG], ['hazards', renderHazards],
  ['route', renderRoute], ['crawl', renderCrawl]];

// #out's data attributes say what is shown, for people and for tests:
// data-seq counts the views drawn, data-state is "busy" while a reading is
// asked for and "idle" once the view shows the latest input, and
// data-latency-ms and data-painted-ms are the time from the keystroke to
// the view built and to the next frame after it.
let seq = 0;
function done(started, stale) {
  const out = $('out');
  out.classList.toggle('stale', stale);
  out.dataset.seq = String(++seq);
  if (started !== undefined) {
    out.dataset.latencyMs = (performance.now() - started).toFixed(1);
    delete out.dataset.paintedMs;
    const n = seq;
    requestAnimationFrame(() => setTimeout(() => {
      if (seq === n) out.dataset.paintedMs = (performance.now() - started).toFixed(1);
    }, 0));
  }
}

function render(r, started) {
  $('status').textContent = '';
  for (const [id, fn] of sections) {
    const body = document.querySelector('#' + id + ' .body');
    body.replaceChildren();
    try {
      fn(r, body);
    } catch (err) {
      body.replaceChildren(el('p', 'err', 'cannot show this reading: ' + err));
    }
  }
  done(started, false);
}

// One request at a time: what is typed meanwhile is read when it returns,
// the latest state only. Told to slow down (429), the page asks again a
// second later.
let inFlight = false;
let pending = null;
let retry = null;

function read(started) {
  $('out').dataset.state = 'busy';
  if (inFlight || retry !== null) { pending = started; return; }
  inFlight = true;
  const body = { input: $('input').value };
  if ($('base').value !== '') body.base = $('base').value;
  fetch('api/read', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
    .then((resp) => resp.json().then((j) => {
      if (resp.status === 429) {
        retry = setTimeout(() => { retry = null; read(started); }, 1000);
      }
      if (!resp.ok) throw new Error(j.error || resp.statusText);
      render(j, started);
    }))
    .catch((err) => {
      $('status').textContent = 'Not read: ' + err.message;
      done(started, true);
    })
    .finally(() => {
      inFlight = false;
      if (retry !== null) return;
      if (pending !== null) { const p = pending; pending = null; read(p); return; }
      $('out').dataset.state = 'idle';
    });
}

// The state lives in the fragment: #input=...&base=...
function saveState() {
  const p = new URLSearchParams();
  p.set('input', $('input').value);
  if ($('base').value !== '') p.set('base', $('base').value);
  history.replaceState(null, '', '#' + p.toString());
}

function loadState() {
  const p = new URLSearchParams(location.hash.slice(1));
  $('input').value = p.get('input') || '';
  $('base').value = p.get('base') || '';
}

function changed(ev) {
  saveState();
  read(ev.timeStamp);
}

document.addEventListener('DOMContentLoaded', () => {
  loadState();
  $('input').addEventListener('input', changed);
  $('base').addEventListener('input', changed);
  window.addEventListener('hashchange', () => { loadState(); read(performance.now()); });
  read(performance.now());
});
