// thordb's explorer page: a board, the next-move table of the explorer, a filter in the query
// language and the games that reach the position; the state lives in the URL.
'use strict';

const FILES = 'abcdefgh';
const PAGE = 20;
const name = sq => FILES[sq % 8] + (Math.floor(sq / 8) + 1);
const square = n => (n.charCodeAt(0) - 97) + 8 * (parseInt(n.slice(1), 10) - 1);
const DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];

// ---- the rules: a board is 64 cells, 0 empty, 1 Black, 2 White; side 1, 2, or 0 when the game is over
function flips(b, me, sq) {
  if (b[sq]) return [];
  const opp = 3 - me;
  const out = [];
  const r0 = Math.floor(sq / 8), c0 = sq % 8;
  for (const [dr, dc] of DIRS) {
    let r = r0 + dr, c = c0 + dc;
    const run = [];
    while (r >= 0 && r < 8 && c >= 0 && c < 8 && b[r * 8 + c] === opp) { run.push(r * 8 + c); r += dr; c += dc; }
    if (run.length && r >= 0 && r < 8 && c >= 0 && c < 8 && b[r * 8 + c] === me) out.push(...run);
  }
  return out;
}
function legalMoves(b, me) {
  const out = [];
  if (!me) return out;
  for (let s = 0; s < 64; s++) if (flips(b, me, s).length) out.push(s);
  return out;
}
function startPosition() {
  if (state.board) return parseBoard(state.board);
  const b = new Array(64).fill(0);
  b[27] = 2; b[36] = 2; b[28] = 1; b[35] = 1;
  return { b, side: 1 };
}
// a board string, as the API takes it: 64 squares a1…h8 of X O -, a space, the side to move
function parseBoard(text) {
  const b = [];
  for (let i = 0; i < 64; i++) b.push(text[i] === 'X' ? 1 : text[i] === 'O' ? 2 : 0);
  let side = text.trim().slice(-1) === 'O' ? 2 : 1;
  if (!legalMoves(b, side).length) side = legalMoves(b, 3 - side).length ? 3 - side : 0;
  return { b, side };
}
function boardString(pos) {
  return pos.b.map(v => v === 1 ? 'X' : v === 2 ? 'O' : '-').join('') + ' ' + (pos.side === 2 ? 'O' : 'X');
}
function play(pos, sq) {
  const f = flips(pos.b, pos.side, sq);
  if (!pos.side || !f.length) return null;
  const b = pos.b.slice();
  b[sq] = pos.side;
  for (const x of f) b[x] = pos.side;
  let side = 3 - pos.side;
  if (!legalMoves(b, side).length) side = legalMoves(b, pos.side).length ? pos.side : 0; // a pass, or the end
  return { b, side };
}
function positions(line) {
  const out = [startPosition()];
  for (const sq of line) {
    const p = play(out[out.length - 1], sq);
    if (!p) break;
    out.push(p);
  }
  return out;
}
function parseLine(text) {
  const out = [];
  const re = /([a-h][1-8])/gi;
  let m;
  while ((m = re.exec(text || '')) !== null) out.push(square(m[1].toLowerCase()));
  return out;
}

// ---- the state, kept in the URL: ?moves=f5d6c3&q=…&game=BASE/YEAR/RECORD
const state = { line: [], cursor: 0, q: '', game: null, flipped: false, sort: '-year', offset: 0, hint: null,
  base: '', everyCopy: false, as: '', colour: 'both', board: null, editing: null, player: '', prepareAs: '' };
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
// a row that does something when clicked does it from the keyboard too: it takes the focus (Tab),
// Enter or Space acts (its cells are what a screen reader reads of it)
function actionable(tr, act) {
  tr.tabIndex = 0;
  tr.addEventListener('click', act);
  tr.addEventListener('keydown', e => {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); e.stopPropagation(); act(); }
  });
}
const quoted = t => '"' + t.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
// the request's scope: a base, every copy, as the API takes them
function scope() {
  let s = '';
  if (state.base) s += '&base=' + encodeURIComponent(state.base);
  if (state.everyCopy) s += '&copies=all';
  return s;
}
// the filter with the player box's player (and colour) in it
function filterQuery() {
  if (!state.as.trim()) return state.q; // alone, as typed: an error's line and column are the box's
  const parts = [];
  if (state.q.trim()) parts.push('(' + state.q + '\n)');
  if (state.as.trim()) parts.push((state.colour === 'both' ? 'player' : state.colour) + ' = ' + quoted(state.as.trim()));
  return parts.join(' and ');
}
let requestNumber = 0;

function urlOf() {
  const p = new URLSearchParams();
  const moves = state.line.slice(0, state.cursor).map(name).join('');
  if (state.board) p.set('board', state.board);
  if (moves) p.set('moves', moves);
  if (state.q) p.set('q', state.q);
  if (state.game) p.set('game', state.game.key);
  if (state.sort !== '-year') p.set('sort', state.sort);
  if (state.base) p.set('base', state.base);
  if (state.everyCopy) p.set('copies', 'all');
  if (state.as.trim()) { p.set('as', state.as.trim()); if (state.colour !== 'both') p.set('colour', state.colour); }
  if (state.player) { p.set('player', state.player); if (state.prepareAs) p.set('prepare', state.prepareAs); }
  const s = p.toString();
  return location.pathname + (s ? '?' + s : '');
}
function remember() {
  const url = urlOf();
  if (url !== location.pathname + location.search) history.pushState(null, '', url);
}
async function fromUrl() {
  const p = new URLSearchParams(location.search);
  state.board = p.get('board') || null;
  const moves = parseLine(p.get('moves'));
  state.q = p.get('q') || '';
  document.getElementById('filter').value = state.q;
  state.sort = p.get('sort') || '-year';
  state.base = p.get('base') || '';
  state.everyCopy = p.get('copies') === 'all';
  state.as = p.get('as') || '';
  state.colour = p.get('colour') || 'both';
  state.player = p.get('player') || '';
  state.prepareAs = p.get('prepare') || '';
  document.getElementById('base').value = state.base;
  document.getElementById('every-copy').checked = state.everyCopy;
  document.getElementById('as-player').value = state.as;
  document.getElementById('as-colour').value = state.colour;
  state.offset = 0;
  const key = p.get('game');
  if (key && (!state.game || state.game.key !== key)) {
    await openGame(key, moves.length, false);
  } else {
    if (!key) state.game = null;
    const keep = state.game && moves.every((m, i) => state.line[i] === m);
    if (!keep) state.line = moves;
    state.cursor = Math.min(moves.length, state.line.length);
  }
  refresh();
  showPlayer(); // a report's own address: ?player=NAME[&prepare=black|white]
}

async function api(path) {
  const r = await fetch(path);
  const body = await r.json();
  if (!r.ok) throw body;
  return body;
}

// ---- drawing
const SVG = 'http://www.w3.org/2000/svg';
function el(tag, attrs, parent) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}
function at(sq) { // the cell's top left corner, the board turned when flipped
  let r = Math.floor(sq / 8), c = sq % 8;
  if (state.flipped) { r = 7 - r; c = 7 - c; }
  return [20 + c * 40, 20 + r * 40];
}
function drawBoard() {
  const svg = document.getElementById('board');
  svg.textContent = '';
  const all = positions(state.line);
  const cursor = Math.min(state.cursor, all.length - 1);
  const pos = state.editing ? state.editing : all[cursor];
  const legal = state.editing ? [] : legalMoves(pos.b, pos.side);
  for (let i = 0; i < 8; i++) {
    const col = state.flipped ? 7 - i : i;
    el('text', { x: 36 + i * 40, y: 14, class: 'coord', 'text-anchor': 'middle' }, svg).textContent = FILES[col];
    el('text', { x: 8, y: 45 + i * 40, class: 'coord', 'text-anchor': 'middle' }, svg).textContent = String((state.flipped ? 7 - i : i) + 1);
  }
  for (let sq = 0; sq < 64; sq++) {
    const [x, y] = at(sq);
    const cell = el('rect', { x, y, width: 40, height: 40, id: 'sq-' + name(sq),
      class: 'cell' + (legal.includes(sq) ? ' legal' : '') }, svg);
    cell.addEventListener('click', () => {
      if (state.editing) { state.editing.b[sq] = (state.editing.b[sq] + 1) % 3; drawBoard(); return; }
      if (legal.includes(sq)) playMove(sq);
    });
    if (pos.b[sq]) {
      el('circle', { cx: x + 20, cy: y + 20, r: 16, class: 'disc ' + (pos.b[sq] === 1 ? 'black' : 'white'),
        id: 'disc-' + name(sq), 'pointer-events': 'none' }, svg);
    } else if (legal.includes(sq)) {
      el('circle', { cx: x + 20, cy: y + 20, r: 4, class: 'mark' }, svg);
    }
  }
  if (cursor > 0) {
    const [x, y] = at(state.line[cursor - 1]);
    el('circle', { cx: x + 20, cy: y + 20, r: 3, class: 'last' }, svg);
  }
  if (state.hint !== null) {
    const [x, y] = at(state.hint);
    el('circle', { cx: x + 20, cy: y + 20, r: 12, class: 'hint', id: 'hint' }, svg);
  }
  const count = c => pos.b.filter(v => v === c).length;
  const status = document.getElementById('status');
  status.dataset.ply = String(cursor);
  status.textContent = (pos.side === 1 ? 'Black to move' : pos.side === 2 ? 'White to move' : 'Game over')
    + ` · Black ${count(1)}, White ${count(2)} · move ${cursor}`;
  const list = document.getElementById('move-list');
  list.textContent = '';
  state.line.forEach((sq, i) => {
    const li = document.createElement('li');
    li.textContent = name(sq);
    li.className = i === cursor - 1 ? 'current' : i >= cursor ? 'future' : '';
    li.addEventListener('click', () => go(i + 1));
    list.appendChild(li);
  });
  const bar = document.getElementById('game-bar');
  bar.hidden = !state.game;
  if (state.game) {
    document.getElementById('game-title').textContent = state.game.title;
    const slider = document.getElementById('slider');
    slider.max = String(state.line.length);
    slider.value = String(cursor);
  }
}

function showError(e) {
  const box = document.getElementById('filter-error');
  if (!e) { box.hidden = true; box.textContent = ''; return; }
  box.hidden = false;
  box.textContent = (e.error || String(e)) + (e.detail ? '\n' + e.detail : '');
}

function lineText() { return state.line.slice(0, state.cursor).map(name).join(''); }

async function drawExplorer(n) {
  const moves = lineText();
  let data;
  try {
    data = await api('/api/explore?moves=' + encodeURIComponent(moves) + '&q=' + encodeURIComponent(filterQuery())
      + scope() + (state.board ? '&board=' + encodeURIComponent(state.board) : ''));
  } catch (e) {
    if (n === requestNumber) { showError(e); clearTable(); }
    return;
  }
  if (n !== requestNumber) return;
  showError(null);
  document.getElementById('total').textContent = `(${plural(data.total, 'game', 'games')})`;
  document.getElementById('mover-head').textContent = (data.mover === 'white' ? 'White' : 'Black') + ' %';
  // from the player's side, with a colour: the player's score share after each move
  const mine = state.as.trim() && state.colour !== 'both' ? state.colour : null;
  const head = document.getElementById('player-head');
  head.hidden = !mine;
  head.textContent = mine ? state.as.trim() + ' %' : '';
  document.getElementById('opening').textContent = data.opening ? 'Opening: ' + data.opening : '';
  const body = document.querySelector('#moves-table tbody');
  body.textContent = '';
  for (const m of data.moves) {
    const tr = document.createElement('tr');
    tr.dataset.move = m.move;
    const pct = x => (m.games ? 100 * x / m.games : 0).toFixed(1);
    tr.innerHTML = `<td class="move"></td><td class="games">${m.games}</td>`
      + `<td><div class="bar" title="Black ${m.blackWins}, draws ${m.draws}, White ${m.whiteWins}">`
      + `<span class="b"></span><span class="d"></span><span class="w"></span></div></td>`
      + `<td>${m.averageScore.toFixed(1)}</td><td>${data.total ? (100 * m.games / data.total).toFixed(1) : '0.0'}</td>`
      + `<td class="theo">${m.averageTheoretical === null ? '-' : m.averageTheoretical.toFixed(1)}</td>`
      + valueCell(m) + `<td class="gap">${m.gap === undefined ? '' : (m.gap > 0 ? '+' : '') + m.gap.toFixed(1)}</td>`
      + `<td class="share${m.few ? ' few' : ''}" title="95%: ${(100 * m.moverLow).toFixed(0)}–${(100 * m.moverHigh).toFixed(0)}%`
      + `${m.few ? ', on few games' : ''}">${(100 * m.moverShare).toFixed(0)} <small>(${(100 * m.moverLow).toFixed(0)}–`
      + `${(100 * m.moverHigh).toFixed(0)})</small></td><td class="first"></td>`
      + (mine ? `<td class="mine">${(100 * ((mine === 'black' ? m.blackWins : m.whiteWins) + m.draws / 2) / m.games).toFixed(1)}</td>` : '');
    tr.querySelector('.move').textContent = m.move + (m.opening ? ' · ' + m.opening : '');
    // widths through the style object: the page's Content-Security-Policy allows no inline style attribute
    tr.querySelector('.bar .b').style.width = pct(m.blackWins) + '%';
    tr.querySelector('.bar .d').style.width = pct(m.draws) + '%';
    tr.querySelector('.bar .w').style.width = pct(m.whiteWins) + '%';
    if (m.first) {
      // each name whole on a line of its own where the column is narrow: wrapped, never cut
      const f = tr.querySelector('.first');
      const names = [`${m.first.year} ${m.first.black}`, ' – ', m.first.white];
      names.forEach((t, i) => {
        const span = document.createElement('span');
        if (i !== 1) span.className = 'name';
        span.textContent = t;
        f.appendChild(span);
      });
      f.title = `first played in ${f.textContent} (${m.first.base} ${m.first.year}, record ${m.first.record})`;
    }
    tr.addEventListener('mouseenter', () => { state.hint = square(m.move); drawBoard(); });
    tr.addEventListener('mouseleave', () => { state.hint = null; drawBoard(); });
    tr.addEventListener('focus', () => { state.hint = square(m.move); drawBoard(); });
    tr.addEventListener('blur', () => { state.hint = null; drawBoard(); });
    actionable(tr, () => { state.hint = null; playMove(square(m.move)); });
    body.appendChild(tr);
  }
  // the legal moves no game played, with their value: exact at 14 empties or fewer, else estimated
  for (const m of data.unplayed || []) {
    const tr = document.createElement('tr');
    tr.className = 'unplayed';
    tr.dataset.unplayed = m.move;
    tr.innerHTML = `<td class="move"></td><td class="games">0</td><td>never played</td><td></td><td></td><td></td>`
      + valueCell(m) + `<td></td><td></td><td></td>`;
    tr.querySelector('.move').textContent = m.move;
    actionable(tr, () => playMove(square(m.move)));
    body.appendChild(tr);
  }
  const same = Object.entries(data.sameAs || {});
  const groups = {};
  for (const [m, rep] of same) (groups[rep] = groups[rep] || []).push(m);
  document.getElementById('same-as').textContent = Object.entries(groups)
    .map(([rep, ms]) => `${ms.join(', ')}: the same as ${rep}, turned (the position is symmetric)`).join('; ');
}
// a move's value: its exact score (perfect play), or "~" and an estimate, with the search's depth in its title
function valueCell(m) {
  const signed = v => (v > 0 ? '+' : '') + v;
  // the principal variation, its moves apart: squares only (the server's notation)
  const line = m.line ? String(m.line).replace(/[^a-h1-8]/g, '').replace(/(..)(?=.)/g, '$1 ') : '';
  if (m.perfect !== undefined) {
    return `<td class="exact" title="exact: the disc difference for the side to move under perfect play`
      + (line ? `; perfect play: ${line}` : '') + `">${signed(m.perfect)}</td>`;
  }
  if (m.estimate !== undefined) {
    return `<td class="estimate" title="an estimate, not exact: a search ${m.estimateDepth} moves deep of the learned evaluation`
      + (line ? `; the line it saw: ${line}` : '') + `">~${signed(m.estimate)}</td>`;
  }
  return '<td></td>';
}
function clearTable() {
  document.querySelector('#moves-table tbody').textContent = '';
  document.querySelector('#games-table tbody').textContent = '';
  document.getElementById('total').textContent = '';
  document.getElementById('games-range').textContent = '';
}

function gamesQuery() {
  const moves = lineText();
  const parts = [];
  if (state.board) {
    const all = positions(state.line);
    parts.push('position = "' + boardString(all[Math.min(state.cursor, all.length - 1)]) + '"');
  } else if (moves) parts.push('position = ' + moves);
  const f = state.as.trim() ? filterQuery() : state.q.trim() ? '(' + state.q + '\n)' : '';
  if (f) parts.push(f);
  return parts.join(' and ');
}
function downloads() {
  const q = encodeURIComponent(gamesQuery());
  document.getElementById('download-pgn').href = '/api/export?format=pgn&q=' + q + scope();
  document.getElementById('download-wthor').href = '/api/export?format=wthor&q=' + q + scope();
}
async function drawGames(n) {
  let data;
  try {
    data = await api('/api/games?q=' + encodeURIComponent(gamesQuery()) + '&sort=' + encodeURIComponent(state.sort)
      + '&offset=' + state.offset + '&limit=' + PAGE + scope());
  } catch (e) {
    // the explorer's request says what is wrong with the filter, at the filter's own line and column
    if (n === requestNumber) {
      document.querySelector('#games-table tbody').textContent = '';
      document.getElementById('games-range').textContent = '(none: see the filter)';
    }
    return;
  }
  if (n !== requestNumber) return;
  if (data.notes) document.getElementById('notes').textContent = data.notes.join('; ');
  const body = document.querySelector('#games-table tbody');
  body.textContent = '';
  for (const g of data.games) {
    const tr = document.createElement('tr');
    tr.dataset.game = `${g.base}/${g.year}/${g.record}`;
    for (const v of [g.year, g.black, g.white, `${g.score}-${64 - g.score}`,
      g.theoretical === null || g.theoretical === undefined ? '-' : String(g.theoretical), g.tournament, g.base]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.appendChild(td);
    }
    actionable(tr, () => openGame(tr.dataset.game, state.cursor, true));
    body.appendChild(tr);
  }
  const last = Math.min(data.total, state.offset + data.games.length);
  document.getElementById('games-range').textContent = data.total
    ? (data.total === 1 ? '(1 game)' : `(${state.offset + 1}–${last} of ${data.total})`) : '(none)';
  document.getElementById('prev-page').disabled = state.offset === 0;
  document.getElementById('next-page').disabled = last >= data.total;
}

let statsNumber = 0;
async function drawStats() {
  const n = ++statsNumber;
  const by = document.getElementById('stats-by').value;
  const body = document.querySelector('#stats-table tbody');
  const side = document.getElementById('stats-side');
  let data;
  try {
    const as = state.as.trim() && !['player', 'opponent'].includes(by)
      ? '&as=' + encodeURIComponent(state.as.trim()) + '&colour=' + state.colour : '';
    data = await api('/api/stats?by=' + encodeURIComponent(by) + '&limit=60&q=' + encodeURIComponent(gamesQuery()) + as + scope());
  } catch (e) {
    if (n === statsNumber) {
      body.textContent = '';
      side.textContent = e.error || String(e);
    }
    return;
  }
  if (n !== statsNumber) return;
  side.textContent = `${plural(data.groups, 'group', 'groups')}, from ${data.side}`
    + (data.groups > data.rows.length ? `; the first ${data.rows.length}` : '');
  body.textContent = '';
  for (const r of data.rows) {
    const tr = document.createElement('tr');
    tr.dataset.group = r.group;
    const years = r.first_year === r.last_year ? String(r.first_year) : `${r.first_year}-${r.last_year}`;
    for (const v of [r.group, r.games, r.wins, r.draws, r.losses, r.score_pct.toFixed(1), r.avg_diff.toFixed(2), years]) {
      const td = document.createElement('td');
      td.textContent = v;
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

// ---- a player's report and the preparation against them
// a link to the games behind a figure: the page with that filter, as any URL of the page
function gamesLink(text, query) {
  const a = document.createElement('a');
  const p = new URLSearchParams();
  p.set('q', query);
  a.href = location.pathname + '?' + p.toString();
  a.textContent = text;
  a.className = 'games-link';
  a.addEventListener('click', ev => {
    ev.preventDefault();
    history.pushState(null, '', a.href);
    fromUrl().then(() => document.getElementById('games-table').scrollIntoView());
  });
  return a;
}
function pct(share) { return share === null || share === undefined ? '-' : (100 * share).toFixed(1) + '%'; }
function signed(v) { return (v > 0 ? '+' : '') + v; }
// a table of records: each row's name, then its figures, each figure a link to the row's games
function tallyTable(caption, rows, extra) {
  const t = document.createElement('table');
  const c = document.createElement('caption');
  c.textContent = caption;
  t.appendChild(c);
  const head = document.createElement('tr');
  const compact = extra && extra.compact; // the games, the score and its interval only: room for the extra columns
  const heads = compact ? ['', 'Games', 'Score', '95%'] : ['', 'Games', 'Wins', 'Draws', 'Losses', 'Score', '95%', 'Discs'];
  for (const h of heads.concat(extra ? extra.heads : [])) {
    const th = document.createElement('th');
    th.textContent = h;
    th.scope = 'col';
    head.appendChild(th);
  }
  t.appendChild(head);
  for (const r of rows) {
    const tr = document.createElement('tr');
    if (r.few) tr.className = 'few';
    const name = document.createElement('td');
    name.textContent = r.name + (r.few ? ' *' : '');
    tr.appendChild(name);
    const interval = r.scoreLow === null ? '-' : `${(100 * r.scoreLow).toFixed(0)}-${(100 * r.scoreHigh).toFixed(0)}`;
    const figures = compact ? [r.games, pct(r.score), interval] : [r.games, r.wins, r.draws, r.losses, pct(r.score), interval,
      r.averageDiscs === null ? '-' : signed(r.averageDiscs.toFixed(1))];
    for (const v of figures) {
      const td = document.createElement('td');
      td.appendChild(gamesLink(String(v), r.query));
      tr.appendChild(td);
    }
    if (extra) for (const v of extra.cells(r)) {
      const td = document.createElement('td');
      if (v && v.query) td.appendChild(gamesLink(v.text, v.query)); else td.textContent = v;
      tr.appendChild(td);
    }
    t.appendChild(tr);
  }
  return t;
}
async function drawReport(name) {
  const box = document.getElementById('report');
  box.textContent = 'Reading ' + name + "'s games...";
  const path = '/api/players/' + encodeURIComponent(name);
  const r = await api(path + '/report');
  box.textContent = '';
  const h = document.createElement('h3');
  h.textContent = r.player + (r.country ? ', ' + r.country : '') + (r.born ? ', born ' + r.born : '');
  box.appendChild(h);
  if (r.all.games === 0) {
    const p = document.createElement('p');
    p.textContent = 'No game of the store has this player: a names file holds the name, no game names its number.';
    box.appendChild(p);
    return;
  }
  const who = document.createElement('p');
  who.textContent = 'Names: ' + r.names.join(', ') + '. Bases: ' + r.bases.join(', ') + '.'
    + (r.years.length ? ' Years ' + r.years[0].name + '-' + r.years[r.years.length - 1].name + '.' : '');
  box.appendChild(who);
  const img = document.createElement('img');
  img.className = 'years-plot';
  img.src = path + '/plot.svg';
  img.alt = r.player + ': score by year (bars) and the rating computed by thordb (line)';
  box.appendChild(img);
  box.appendChild(tallyTable('Results (* fewer than 10 games; every figure opens its games)', [r.all, r.black, r.white]));
  const ratingOf = y => { const p = r.ratings.find(x => String(x.year) === y.name); return p ? [p.rating + ' ±' + 2 * p.deviation] : ['']; };
  box.appendChild(tallyTable('By year, with the rating computed here (Glicko-2, not a federation\'s)', r.years,
    { heads: ['Rating'], cells: ratingOf }));
  for (const colour of ['black', 'white']) {
    const lines = r.lines.filter(l => l.colour === colour).map(l => Object.assign({}, l, { name: l.line }));
    box.appendChild(tallyTable('Most frequent lines as ' + (colour === 'black' ? 'Black' : 'White') + ' (f5 first)', lines, {
      compact: true,
      heads: ['Expected', 'Best / played'],
      cells: l => [{ text: pct(l.expected) + ' of ' + l.baseGames, query: 'opening = ' + l.line },
        l.best === undefined ? '' : l.bestMove + ' ' + (l.exact ? '' : '~') + signed(l.best) + ' / '
          + (l.exact ? '' : '~') + signed(l.played)]
    }));
  }
  box.appendChild(tallyTable('Replies to the first moves', r.replies.map(p => Object.assign({}, p, {
    name: p.colour + ' after ' + p.after + ': ' + p.move }))));
  box.appendChild(tallyTable('Most frequent opponents', r.opponents));
  const end = document.createElement('p');
  const loss = r.endgames.averageLoss;
  end.textContent = `Endgames against the theoretical score (perfect play from its depth): ${r.endgames.known} games known;`
    + ` in ${r.endgames.lostSome} the player finished below it; `
    + (loss === null ? 'no average.' : loss > 0 ? `on average ${loss.toFixed(2)} discs below it.`
      : `on average ${(-loss).toFixed(2)} discs above it (the opponents erred more).`);
  box.appendChild(end);
}
function prepareNode(n) {
  const li = document.createElement('li');
  const m = document.createElement('span');
  m.className = 'move';
  m.textContent = n.move + ' ';
  li.appendChild(m);
  li.appendChild(gamesLink(plural(n.games, 'game', 'games'), n.query));
  li.appendChild(document.createTextNode(', ' + pct(n.score) + ' for them'
    + (n.chosen ? '; they play ' + n.chosen : '')
    + (n.best !== undefined ? ` (${n.exact ? '' : '~'}${signed(n.chosenValue)}; best ${n.bestMove} ${n.exact ? '' : '~'}${signed(n.best)})` : '')));
  if (n.children.length) {
    const ul = document.createElement('ul');
    for (const c of n.children) ul.appendChild(prepareNode(c));
    li.appendChild(ul);
  }
  return li;
}
async function drawPreparation(name, as) {
  const box = document.getElementById('prepare');
  box.textContent = '';
  if (!as) return;
  box.textContent = 'Preparing against ' + name + '...';
  const p = await api('/api/players/' + encodeURIComponent(name) + '/prepare?as=' + as);
  box.textContent = '';
  const h = document.createElement('h3');
  h.textContent = `Preparation against ${p.opponent} (you play ${p.colour})`;
  box.appendChild(h);
  for (const [title, list, text] of [
    ['Where they score worst', p.worstScores, n => `, ${pct(n.score)} for them`],
    ['Where their choice gives away most', p.biggestErrors,
      n => `: they play ${n.chosen} (${n.exact ? '' : '~'}${signed(n.chosenValue)}), best ${n.bestMove} (${n.exact ? '' : '~'}${signed(n.best)}): ${n.cost} discs`]]) {
    const h4 = document.createElement('h4');
    h4.textContent = title;
    box.appendChild(h4);
    const ul = document.createElement('ul');
    for (const n of list) {
      const li = document.createElement('li');
      li.appendChild(gamesLink(n.line + ' (' + plural(n.games, 'game', 'games') + ')', n.query));
      li.appendChild(document.createTextNode(text(n)));
      ul.appendChild(li);
    }
    box.appendChild(ul);
  }
  const h4 = document.createElement('h4');
  h4.textContent = `Their repertoire: lines of ${p.minGames} games or more, ${p.maxPlies} moves deep`;
  box.appendChild(h4);
  const ul = document.createElement('ul');
  ul.id = 'prepare-tree';
  ul.appendChild(prepareNode(p.tree));
  box.appendChild(ul);
}
// the report (and preparation) the address names, drawn once for each name and colour
let shownPlayer = null;
async function showPlayer() {
  const name = state.player;
  const as = state.prepareAs;
  if (!name || name + '|' + as === shownPlayer) return;
  shownPlayer = name + '|' + as;
  document.getElementById('player-name').value = name;
  document.getElementById('prepare-as').value = as;
  const err = document.getElementById('player-error');
  err.hidden = true;
  try {
    await drawReport(name);
    await drawPreparation(name, as);
  } catch (e) {
    document.getElementById('report').textContent = '';
    document.getElementById('prepare').textContent = '';
    err.textContent = e.error || String(e);
    err.hidden = false;
  }
}
document.getElementById('player-form').addEventListener('submit', ev => {
  ev.preventDefault();
  const name = document.getElementById('player-name').value.trim();
  if (!name) return;
  state.player = name;
  state.prepareAs = document.getElementById('prepare-as').value;
  remember();
  showPlayer();
});

function refresh() {
  const n = ++requestNumber;
  drawBoard();
  drawExplorer(n);
  drawGames(n);
  drawStats();
  downloads();
}

// ---- actions
function playMove(sq) {
  const same = state.line[state.cursor] === sq;
  if (!same) {
    state.line = state.line.slice(0, state.cursor);
    state.line.push(sq);
    if (state.game) state.game = null; // off the game's line
  }
  state.cursor++;
  state.offset = 0;
  remember();
  refresh();
}
function go(ply) {
  const max = positions(state.line).length - 1;
  const to = Math.max(0, Math.min(ply, max));
  if (to === state.cursor) return;
  state.cursor = to;
  state.offset = 0;
  remember();
  refresh();
}
async function openGame(key, from, push) {
  let g;
  try {
    g = await api('/api/games/' + key.split('/').map(encodeURIComponent).join('/'));
  } catch (e) {
    showError(e);
    return;
  }
  state.board = null; // a game is played from the start
  state.game = { key, title: `${g.black} (Black) – ${g.white} (White), ${g.tournament} ${g.year}: ${g.score}-${64 - g.score}` };
  state.line = parseLine(g.moves);
  state.cursor = Math.min(from, state.line.length);
  if (push) {
    remember();
    refresh();
  }
}

document.getElementById('filter-form').addEventListener('submit', ev => {
  ev.preventDefault();
  state.q = document.getElementById('filter').value;
  state.offset = 0;
  remember();
  refresh();
});
// the board editor: set up any position, then explore it (and play on from it)
document.getElementById('edit').addEventListener('click', () => {
  const all = positions(state.line);
  const pos = all[Math.min(state.cursor, all.length - 1)];
  state.editing = { b: pos.b.slice(), side: pos.side === 2 ? 2 : 1 };
  document.getElementById('edit-side').value = state.editing.side === 2 ? 'O' : 'X';
  document.getElementById('editor').hidden = false;
  drawBoard();
});
document.getElementById('edit-clear').addEventListener('click', () => { state.editing.b.fill(0); drawBoard(); });
document.getElementById('edit-start').addEventListener('click', () => {
  state.editing.b.fill(0);
  state.editing.b[27] = 2; state.editing.b[36] = 2; state.editing.b[28] = 1; state.editing.b[35] = 1;
  drawBoard();
});
document.getElementById('edit-done').addEventListener('click', () => {
  const side = document.getElementById('edit-side').value;
  state.board = state.editing.b.map(v => v === 1 ? 'X' : v === 2 ? 'O' : '-').join('') + ' ' + side;
  state.editing = null;
  document.getElementById('editor').hidden = true;
  state.line = [];
  state.cursor = 0;
  state.game = null;
  state.offset = 0;
  remember();
  refresh();
});
document.getElementById('scope-form').addEventListener('submit', ev => {
  ev.preventDefault();
  state.base = document.getElementById('base').value;
  state.everyCopy = document.getElementById('every-copy').checked;
  state.as = document.getElementById('as-player').value;
  state.colour = document.getElementById('as-colour').value;
  state.offset = 0;
  remember();
  refresh();
});
for (const id of ['base', 'every-copy', 'as-colour']) {
  document.getElementById(id).addEventListener('change', () => document.getElementById('scope-form').requestSubmit());
}
api('/api/bases').then(data => {
  const select = document.getElementById('base');
  for (const b of data.bases) {
    const o = document.createElement('option');
    o.value = b.name;
    o.textContent = `${b.name} (${plural(b.games, 'game', 'games')})`;
    select.appendChild(o);
  }
  select.value = state.base;
}).catch(() => {});
document.getElementById('first').addEventListener('click', () => go(0));
document.getElementById('back').addEventListener('click', () => go(state.cursor - 1));
document.getElementById('forward').addEventListener('click', () => go(state.cursor + 1));
document.getElementById('last').addEventListener('click', () => go(state.line.length));
document.getElementById('flip').addEventListener('click', () => { state.flipped = !state.flipped; drawBoard(); });
document.getElementById('slider').addEventListener('input', ev => go(parseInt(ev.target.value, 10)));
document.getElementById('close-game').addEventListener('click', () => { state.game = null; remember(); refresh(); });
document.getElementById('prev-page').addEventListener('click', () => { state.offset = Math.max(0, state.offset - PAGE); drawGames(++requestNumber); });
document.getElementById('next-page').addEventListener('click', () => { state.offset += PAGE; drawGames(++requestNumber); });
document.querySelectorAll('#games-table th[data-sort]').forEach(th => th.addEventListener('click', () => {
  const key = th.dataset.sort;
  state.sort = state.sort === '-' + key ? key : '-' + key;
  state.offset = 0;
  remember();
  drawGames(++requestNumber);
}));
document.addEventListener('keydown', ev => {
  if (ev.target && (ev.target.tagName === 'INPUT' && ev.target.type === 'text')) return;
  if (ev.key === 'ArrowLeft') { go(state.cursor - 1); ev.preventDefault(); }
  if (ev.key === 'ArrowRight') { go(state.cursor + 1); ev.preventDefault(); }
  if (ev.key === 'Home') { go(0); ev.preventDefault(); }
  if (ev.key === 'End') { go(state.line.length); ev.preventDefault(); }
});
document.getElementById('stats-by').addEventListener('change', () => drawStats());
window.addEventListener('popstate', () => fromUrl());
fromUrl();
