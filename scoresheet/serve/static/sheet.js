// The live score sheet. The server sends the sheet as data (see scoresheet/serve/sheet.py);
// this script only lays it out. Everything is written with textContent, never as HTML,
// so whatever a player typed is shown as text. No rule of any game lives here, and no
// word: the page carries its words in its language (scoresheet/serve/words.py).
"use strict";

(function () {
  const role = document.querySelector('meta[name="scoresheet-role"]').content;
  const token = document.querySelector('meta[name="scoresheet-token"]').content;
  const $ = (id) => document.getElementById(id);
  const words = JSON.parse(document.querySelector('meta[name="scoresheet-words"]').content);
  // A word of the page, its {name}s filled in from ``values``.
  function t(key, values) {
    const text = words[key];
    return text.replace(/\{(\w+)\}/g, (whole, name) =>
      values && name in values ? String(values[name]) : whole);
  }
  let state = null;
  let entryNumber = null;
  let confirmed = null;  // what "yes" does in the confirmation panel
  let fixWas = null;     // the deal being corrected, as it was when chosen
  // The deal-entry form: the server replays the answers and sends the next question
  // (scoresheet/serve/form.py walks the game's own questions); this only shows them.
  let formNumber = null;  // the deal the form is asking about
  let formGame = null;    // and of which game (the file may be replaced by another)
  let formAnswers = [];   // [key, text] pairs given so far, as the server last sent them
  let formQuestion = null;
  let formDeal = null;    // the deal to save, once every question is answered
  let picked = [];        // the players tapped so far on a question taking several
  let refused = false;    // the server refused the counts as typed (until one is changed)
  let saving = null;      // the deal this page is saving (its own save is no surprise)
  // Correcting a past deal: the same form, its questions those the deal was entered
  // with, pre-filled as saved (scoresheet/serve/redo.py). ``later`` holds the answers
  // saved before that the form has not reached; ``was`` the deal as it was when the
  // correction began (a deal changed meanwhile is then refused, not overwritten).
  let fix = null;         // {number, was, later, first} while a deal is corrected
  let nextForm = null;    // the next deal's form, to come back to afterwards
  let put = null;         // the next deal's answers given before the correction began

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (cls) node.className = cls;
    return node;
  }

  function fill(list, items, make) {
    list.replaceChildren(...items.map(make));
  }

  function render(s) {
    state = s;
    document.body.dataset.version = String(s.version || 0);
    if (s.error) {
      $("error").textContent = s.error;
      $("error").hidden = false;
      return;
    }
    $("error").hidden = true;
    $("title").textContent = s.title;
    document.title = s.file + " — " + s.title;
    $("progress").textContent = s.progress;
    $("teams-box").hidden = !s.teams;
    fill($("teams"), s.teams || [], (t) => el("li", t));
    $("next-box").hidden = !s.next.length;
    fill($("next"), s.next, (t) => el("li", t));
    fill($("standings"), s.standings, (p) => {
      const li = el("li");
      li.append(el("span", p.place + ".", "place"), el("span", p.name, "name"),
                el("span", p.total, "total"));
      return li;
    });
    $("standings-note").textContent = s.standings_note || "";
    $("violations-box").hidden = !s.violations.length;
    fill($("violations"), s.violations, (v) => el("li", v));

    const left = new Set(s.left || []);
    const cell = (tag, text, i) => el(tag, text, left.has(i) ? "l" : "");
    const body = $("sheet").tBodies[0];
    body.replaceChildren(...s.rows.map((r) => {
      const tr = el("tr", null, r.kind);
      if (r.number) tr.dataset.deal = String(r.number);
      if (r.number && role === "score" && r.number <= s.deals) tr.classList.add("tap");
      r.cells.forEach((c, i) => tr.append(cell("td", c, i)));
      if (r.cells.length === 1) tr.firstChild.colSpan = s.columns.length;
      return tr;
    }));
    $("empty").hidden = s.rows.length > 0;
    fitHead();

    fill($("sections"), s.sections, (sec) => {
      const box = el("section");
      const ul = el("ul");
      sec.lines.forEach((line) => ul.append(el("li", line)));
      box.append(el("h2", sec.title), ul);
      return box;
    });

    if (role === "score") {
      $("controls").hidden = false;
      $("tools").hidden = false;
      $("undo").disabled = s.deals === 0;
      if (!$("deal").value.trim() || entryNumber === null) entryNumber = s.deals + 1;
      $("entry-number").textContent = t("deal", { number: entryNumber });
      $("entry").hidden = s.complete && !$("deal").value.trim();
      nextForm = s.form ? Object.assign({ game: s.title }, s.form) : null;
      if (fix && (fix.number > s.deals || fix.game !== s.title)) endFix();
      if (!fix) followForm(nextForm);
      showFixChoices(s);
      if (!flushing && outbox().length) flush();
      showPending();
    }
  }

  // The sheet's header: the players' names, or their initials with a legend when the
  // names make the table wider than the screen; a note says when it still is wider.
  function fitHead() {
    if (!state || state.error || !state.columns) return;
    const left = new Set(state.left || []);
    const table = $("sheet");
    const box = table.parentElement;
    const head = (columns) => {
      const tr = el("tr");
      columns.forEach((c, i) => tr.append(el("th", c, left.has(i) ? "l" : "")));
      table.tHead.replaceChildren(tr);
    };
    head(state.columns);
    const short = state.short_columns && state.legend ? state.short_columns : null;
    const wide = () => table.scrollWidth > box.clientWidth;
    // Names are kept whole, broken only between words (never inside one, nor between
    // the characters of a Chinese or Japanese name); where that is too wide for the
    // screen, the initials stand in; only where even they are, a heading may break.
    table.classList.add("whole");
    const shorten = short !== null && wide();
    if (shorten) head(short);
    if (wide()) table.classList.remove("whole");
    $("sheet-legend").textContent = shorten ? state.legend : "";
    $("sheet-legend").hidden = !shorten;
    $("sheet-more").hidden = !wide();
  }

  function showFixChoices(s) {
    const select = $("fix-number");
    $("fix").hidden = !s.entered.length;
    // A correction being typed is kept; otherwise the box follows the file.
    const untouched = $("fix-deal").value === (fixWas ? JSON.stringify(fixWas, null, 1) : "");
    if (select.options.length !== s.entered.length) {
      const chosen = select.value;
      select.replaceChildren(...s.entered.map((_, i) => el("option", i + 1)));
      const keep = chosen && Number(chosen) <= s.entered.length;
      select.value = keep ? chosen : String(s.entered.length);
    }
    if (untouched) pickFix();
    $("fix-ask").textContent = t("fix_ask", { number: select.value });
  }

  function pickFix() {
    const n = Number($("fix-number").value);
    $("fix-ask").textContent = t("fix_ask", { number: n });
    fixWas = state && state.entered ? state.entered[n - 1] : null;
    $("fix-deal").value = fixWas ? JSON.stringify(fixWas, null, 1) : "";
  }

  function ask(text, yes, action) {
    $("confirm-text").textContent = text;
    $("confirm-yes").textContent = yes;
    confirmed = action;
    $("confirm").hidden = false;
    $("undo").hidden = true;
    $("confirm").scrollIntoView({ block: "nearest" });
  }

  function followForm(f) {
    $("form").hidden = !f;
    if (!f) { formNumber = null; formGame = null; return; }
    if (f.number === formNumber && f.game === formGame) return;
    if (formNumber !== null && formAnswers.length && saving !== formNumber) {
      // Say what happened to the game: the form's deal is no longer the next one.
      const number = f.number;
      if (f.game !== formGame) {
        say(t("replaced", { game: f.game, number: number }), true);
      } else if (f.number < formNumber) {
        say(f.number === formNumber - 1
          ? t("removed_one", { removed: f.number, number: number })
          : t("removed_many", { first: f.number, last: formNumber - 1, number: number }), true);
      } else {
        say(t("saved_first", { saved: formNumber, number: number }), true);
      }
    }
    formNumber = f.number;
    formGame = f.game;
    formAnswers = [];
    formDeal = null;
    askServer({});
  }

  async function askServer(extra) {
    const number = formNumber;
    const fixing = fix;
    const payload = Object.assign({ answers: formAnswers }, fixing && fixing.later !== null
      ? { later: fixing.later } : {}, extra);
    const path = "deals/" + number + (fixing ? "/redo" : "/ask");
    const sent = await post(path, payload, true);
    if (fixing && !sent.ok && sent.status === 409) { endFix(); return; }
    if (!sent.ok || number !== formNumber || fixing !== fix) return;
    if (fixing) {
      fixing.later = sent.body.later || [];
      if (fixing.was === null) {
        fixing.was = sent.body.was;
        fixing.first = Object.fromEntries(sent.body.answers);
      }
    }
    showQuestion(sent.body);
  }

  // Correct deal ``number``: its questions, every one answered as saved, then the deal
  // to check. What the next deal's form held is kept, to come back to.
  function startFix(number) {
    if (!state || state.error || !(number >= 1 && number <= state.deals)) return;
    if (!fix && formNumber !== null) put = { number: formNumber, game: formGame, answers: formAnswers };
    fix = { number: number, was: null, later: null, first: {}, game: state.title };
    formNumber = number;
    formAnswers = [];
    formDeal = null;
    formQuestion = null;
    $("form").hidden = false;
    $("form-mode").textContent = t("fix_mode", { number: number });
    $("form-mode").hidden = false;
    $("form-cancel").hidden = false;
    say("", false);
    askServer({});
    $("form").scrollIntoView({ block: "start" });
  }

  // Back to the next deal's form, its answers as they were.
  function endFix() {
    fix = null;
    $("form-mode").hidden = true;
    $("form-cancel").hidden = true;
    $("form-review").hidden = true;
    formNumber = null;
    formGame = null;
    formAnswers = [];
    const f = nextForm;
    const kept = put;
    put = null;
    if (f && kept && kept.number === f.number && kept.game === f.game && kept.answers.length) {
      $("form").hidden = false;
      formNumber = f.number;
      formGame = f.game;
      formAnswers = kept.answers;
      formDeal = null;
      askServer({});
      return;
    }
    followForm(f);
  }

  // Change the ``i``th answer of a correction: the questions up to it are kept, it is
  // asked again (its answer shown, to keep or change), the ones after stay pre-filled.
  function changeAt(i) {
    if (!fix) return;
    const later = formAnswers.slice(i).concat(fix.later || []);
    askServer({ answers: formAnswers.slice(0, i), later: later, at: formAnswers[i][0] });
  }

  // What the player typed into the question now shown: its count boxes by name, its
  // text box. A refused answer is shown again as typed, to be corrected, not retyped.
  function typedNow() {
    const counts = Object.create(null);  // by player's name: no name is special here
    $("q-counts").querySelectorAll("input").forEach((i) => { counts[i.dataset.name] = i.value; });
    const key = formQuestion ? formQuestion.key : null;
    return { number: $("question").dataset.number, key: key, counts: counts,
             text: $("q-text").value };
  }

  function showQuestion(r) {
    const before = typedNow();
    formAnswers = r.answers;
    formQuestion = r.question || null;
    formDeal = r.deal || null;
    picked = [];
    $("form-title").textContent = r.title;
    fill($("form-intro"), r.intro || [], (t) => el("li", t));
    // A keyword is sent as ":all" (no name starts with ":"); it is shown as the word.
    const labels = r.labels || [];
    fill($("form-given"), formAnswers, (a, i) => {
      const said = t("given", { question: labels[i] || a[0], answer: a[1].replace(/^:/, "") || "—" });
      if (!fix) return el("li", said);
      // A correction: each answer is a button that asks its question again.
      const li = el("li");
      const b = el("button", said, "answer");
      b.type = "button";
      b.dataset.key = a[0];
      const changed = a[0] in fix.first && fix.first[a[0]] !== a[1];
      if (changed || !(a[0] in fix.first)) li.className = "changed";
      b.addEventListener("click", () => changeAt(i));
      li.append(b);
      return li;
    });
    fill($("form-told"), r.told || [], (t) => el("li", t));
    $("form-note").textContent = r.note || "";
    $("q-error").textContent = r.error || "";
    $("q-error").hidden = !r.error;
    $("question").hidden = !formQuestion;
    $("form-done").hidden = !formDeal;
    $("q-back").disabled = !formAnswers.length;
    $("q-help").hidden = !r.help;
    $("q-help-button").hidden = !formQuestion;
    $("form-review").hidden = !(fix && formDeal);
    if (formDeal) {
      $("form-shown").textContent = r.shown;
      if (fix) {
        const changes = r.changes || [];
        $("form-changes-head").textContent = changes.length ? t("fix_changes") : t("fix_unchanged");
        fill($("form-changes"), changes, (c) => el("li", c));
        $("form-save").textContent = t("fix_save", { number: r.number });
        $("form-save").disabled = !changes.length;
        $("form-review").scrollIntoView({ block: "nearest" });
        return;
      }
      $("form-save").disabled = false;
      $("form-save").textContent = t("save_deal", { number: r.number });
      $("form-save").focus();
      return;
    }
    const q = formQuestion;
    // A correction shows the answer saved before (or the one refused) to keep or change.
    const typed = fix && typeof r.typed === "string" ? r.typed : null;
    const again = Boolean(r.error) && before.number === String(r.number) && before.key === q.key;
    refused = again && q.counts.length > 0;
    $("question").dataset.key = q.key;
    $("question").dataset.number = String(r.number);
    $("q-prompt").textContent = q.prompt;
    $("q-note").textContent = q.note || "";
    $("q-help").replaceChildren(el("p", q.help));
    if (q.choices.length) {
      $("q-help").append(el("p", t("possible", { choices: q.choices.join(", ") })));
    }
    const players = new Set(q.players);
    $("q-choices").replaceChildren(...q.choices.map((c, i) => {
      const b = el("button", c, "choice");
      b.type = "button";
      b.dataset.choice = c;
      const sent = q.send ? q.send[i] : c;
      if (typed !== null) {
        // A saved keyword comes marked (":none"): never read as a player's name.
        const parts = typed.split(",").map((x) => x.trim().replace(/^:/, ""));
        const mine = typed === sent || typed.replace(/^:/, "") === c ||
          (q.many && players.has(c) && parts.includes(c));
        if (mine) b.classList.add("chosen");
        if (mine && !(q.many && players.has(c))) b.setAttribute("aria-current", "true");
        if (mine && q.many && players.has(c)) picked = picked.concat([c]);
      }
      if (q.many && players.has(c)) {
        b.setAttribute("aria-pressed", String(picked.includes(c)));
        b.addEventListener("click", () => {
          const on = !picked.includes(c);
          picked = on ? picked.concat([c]) : picked.filter((p) => p !== c);
          b.setAttribute("aria-pressed", String(on));
          $("q-ok").disabled = !picked.length;
        });
      } else {
        // What the server says the button means: ":all", never a bare "all" that a
        // player's name could start with.
        b.addEventListener("click", () => askServer({ text: sent }));
      }
      return b;
    }));
    $("q-counts").replaceChildren(...q.counts.map((name) => {
      const label = el("label", null, "count");
      const input = el("input");
      input.type = "number";
      input.min = "0";
      if (q.total !== null) input.max = String(q.total);
      input.inputMode = "numeric";
      input.dataset.name = name;
      input.setAttribute("aria-describedby", "q-error");
      if (again && name in before.counts) input.value = before.counts[name];
      else if (typed !== null) {
        const parts = typed.split(q.separator.trim() || /\s+/).map((x) => x.trim());
        if (parts.length === q.counts.length) input.value = parts[q.counts.indexOf(name)];
      }
      input.addEventListener("input", () => { refused = false; sum(q.total); });
      label.append(el("span", name), input);
      return label;
    }));
    if (q.counts.length) $("q-counts").append(el("p", "", "sum"));
    sum(q.total);
    const free = !q.choices.length && !q.counts.length;
    $("q-typed").hidden = !free;
    $("q-text").value = again && free ? before.text : (typed !== null && free ? typed : "");
    $("q-text").setAttribute("aria-invalid", String(again && free));
    $("q-text").setAttribute("aria-label", q.prompt);
    const many = q.many && players.size > 0;
    $("q-ok").hidden = !(free || q.counts.length || many);
    $("q-ok").disabled = many && !picked.length;
    $("q-ok").textContent = many ? t("done") : t("ok");
    if (free) $("q-text").focus();
  }

  // A count field as a number: an empty one is 0, and one the browser cannot read
  // ("1-": its value is then empty, with validity.badInput) or not a whole number is null.
  function count(input) {
    if (input.validity.badInput) return null;
    const text = input.value.trim();
    if (text === "") return 0;
    return /^[0-9]{1,6}$/.test(text) ? Number(text) : null;
  }

  function sum(total) {
    const box = $("q-counts").querySelector(".sum");
    if (!box) return;
    let n = 0;
    let bad = false;
    $("q-counts").querySelectorAll("input").forEach((i) => {
      const v = count(i);
      // Marked: a box that is not a whole number, or every box of counts the server
      // refused (their sum, or what they say together), until one is changed.
      const wrong = v === null || refused;
      i.setAttribute("aria-invalid", String(wrong));
      i.parentElement.classList.toggle("wrong", wrong);
      if (v === null) bad = true; else n += v;
    });
    const shown = bad ? "?" : String(n);
    box.textContent = total === null ? shown : t("sum", { sum: shown, total: total });
    box.classList.toggle("wrong", bad || refused);
  }

  // The fields that are not whole numbers, by name; refused here, nothing is sent.
  function unreadable() {
    return Array.from($("q-counts").querySelectorAll("input"))
      .filter((i) => count(i) === null).map((i) => i.dataset.name);
  }

  function typedAnswer() {
    const q = formQuestion;
    if (q.counts.length) {
      return Array.from($("q-counts").querySelectorAll("input"),
                        (i) => String(count(i))).join(q.separator);
    }
    if (q.many && picked.length) return picked.join(", ");
    return $("q-text").value;
  }

  // The page's message, above the form: brought into view when it was asked from
  // under the sheet (undo, a correction).
  function say(text, bad) {
    const m = $("message");
    m.textContent = text;
    m.className = bad ? "message bad" : "message";
    if (text && m.getBoundingClientRect().top < 0) m.scrollIntoView({ block: "nearest" });
  }

  // One POST of ``body`` (a JSON text); ``save``: its save id. The server's answer, or
  // null when no answer came (no network, no server, or none within 15 s).
  async function request(path, body, save) {
    const headers = { "Content-Type": "application/json", "X-Scoresheet-Token": token };
    if (save) headers["X-Scoresheet-Save"] = save;
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), 15000);
    let response;
    try {
      response = await fetch(path, {
        method: "POST", headers: headers, body: body, signal: stop.signal,
        credentials: "same-origin", cache: "no-store",
      });
    } catch (e) {
      return null;
    } finally {
      clearTimeout(timer);
    }
    let answer = {};
    try { answer = await response.json(); } catch (e) { answer = {}; }
    return { ok: response.ok, status: response.status, body: answer };
  }

  // The server's answer shown: the sheet it sends, its message or refusal.
  function shown(sent, quiet) {
    if (sent.body.state) render(sent.body.state);
    if (!sent.ok) {
      say(sent.body.error || t("refused", { status: sent.status }), true);
    } else if (!quiet) {
      say(sent.body.message || t("saved"), false);
    }
    return sent;
  }

  async function post(path, payload, quiet) {
    const sent = await request(path, typeof payload === "string" ? payload : JSON.stringify(payload));
    if (sent === null) {
      say(t("unreachable"), true);
      return { ok: false, status: 0, body: {} };
    }
    return shown(sent, quiet);
  }

  // Saves (a new deal, a correction) go through the outbox, kept in the browser's
  // storage until the server answers: a phone that cannot reach the laptop keeps the
  // deal and sends it when it can (again and again, waiting longer each time, and at
  // once when the network or the server's stream comes back, or the page is opened
  // again, from the same address). Each save has an id the server remembers
  // (scoresheet/serve/saves.py): a save sent twice is saved once. The outbox is the
  // game's (its file, game and players), not the link's: after a restart of the server,
  // its new scoring link finds it.
  const memory = Object.create(null);  // where there is no storage (a private window)
  const after = new Map();  // what this page does once a save of its own is answered
  let flushing = false;
  let retry = null;
  let delay = 1000;

  function boxName() {
    if (!state || state.error || !state.players) return null;
    return "scoresheet-outbox:" + JSON.stringify([state.file, state.game, state.players]);
  }

  function outbox() {
    const name = boxName();
    if (name === null) return [];
    let text = memory[name];
    try { text = localStorage.getItem(name) || text; } catch (e) { /* no storage */ }
    try {
      const list = JSON.parse(text || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function keep(list) {
    const name = boxName();
    if (name === null) return;
    const text = JSON.stringify(list);
    memory[name] = text;
    try {
      if (list.length) localStorage.setItem(name, text); else localStorage.removeItem(name);
    } catch (e) { /* kept in memory */ }
  }

  function newId() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  function showPending() {
    const list = outbox();
    $("pending").hidden = !list.length;
    $("pending").textContent = list.length ? t("pending", {
      deals: list.map((e) => t("deal", { number: e.number })).join(", ") }) : "";
  }

  // Save ``payload`` through ``path``: ``kind`` "add" (deal ``number``) or "fix" (its
  // correction); ``then(answer)`` once the server has answered.
  async function enqueue(kind, path, payload, number, then) {
    if (boxName() === null) {  // no game to keep it for (the file is unreadable): sent once
      const sent = await post(path, payload);
      if (then) then(sent);
      return;
    }
    const list = outbox();
    if (list.some((e) => e.path === path)) {  // already waiting: not saved twice
      say(t(kind === "fix" ? "kept_fix" : "kept", { number: number }), true);
      flush();
      return;
    }
    const body = typeof payload === "string" ? payload : JSON.stringify(payload);
    const entry = { id: newId(), kind: kind, path: path, number: number, body: body };
    keep(list.concat([entry]));
    if (then) after.set(entry.id, then);
    showPending();
    await flush();
  }

  // Send what waits, oldest first; stop at the first save the server does not answer.
  async function flush() {
    if (flushing || role !== "score") return;
    flushing = true;
    clearTimeout(retry);
    retry = null;
    try {
      let list;
      while ((list = outbox()).length) {
        const entry = list[0];
        const sent = await request(entry.path, entry.body, entry.id);
        // No answer, or not from the server that can save it (busy, restarted: this
        // page's link and token are then no longer its own): keep it, try again later.
        if (sent === null || sent.status === 403 || sent.status === 408 || sent.status >= 500) {
          const word = sent !== null && sent.status === 403 ? "kept_link"
            : entry.kind === "fix" ? "kept_fix" : "kept";
          say(t(word, { number: entry.number }), false);
          retry = setTimeout(flush, delay);
          delay = Math.min(delay * 2, 30000);
          break;
        }
        keep(outbox().filter((e) => e.id !== entry.id));
        delay = 1000;
        shown(sent, false);
        // A deal refused because another took its number: kept, typed, to send again.
        if (entry.kind === "add" && sent.status === 409) keepTyped(entry);
        const then = after.get(entry.id);
        after.delete(entry.id);
        if (then) then(sent);
      }
    } finally {
      flushing = false;
      showPending();
    }
  }

  function keepTyped(entry) {
    if ($("deal").value.trim()) return;
    let text = entry.body;
    try { text = JSON.stringify(JSON.parse(entry.body), null, 1); } catch (e) { /* as sent */ }
    $("deal").value = text;
    $("entry").hidden = false;
    $("entry").open = true;
    if (state && !state.error) {
      entryNumber = state.deals + 1;
      $("entry-number").textContent = t("deal", { number: entryNumber });
    }
  }

  function connect() {
    const source = new EventSource("events");
    source.addEventListener("open", () => { if (role === "score") flush(); });
    source.addEventListener("sheet", (e) => {
      render(JSON.parse(e.data));
      $("live").textContent = t("live");
    });
    source.onerror = () => { $("live").textContent = t("reconnecting"); };
  }

  // The language chooser: the choice is kept in a cookie every request of this page
  // sends (the page, its sheet, its answers), and the page comes again in it. A server
  // started with --lang speaks its language to every page: there is nothing to choose.
  function chooser() {
    const select = $("lang");
    const here = document.documentElement.lang;
    select.replaceChildren(...words.languages.map((l) => {
      const option = el("option", l.name);
      option.value = l.code;
      option.lang = l.code;
      return option;
    }));
    select.value = here;
    $("lang-box").hidden = words.fixed || words.languages.length < 2;
    select.addEventListener("change", () => {
      // For both links (a language is no secret): the whole site, for a year.
      document.cookie = "scoresheet-lang=" + encodeURIComponent(select.value) +
        "; path=/; max-age=31536000; samesite=strict";
      location.reload();
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (role === "score") {
      $("undo").addEventListener("click", () => {
        if (!state || !state.deals) return;
        const number = state.deals;
        const row = state.rows.find((r) => r.number === number);
        const shown = row ? row.cells.filter((c) => c).join("  ") : "";
        // The deal shown goes with the request: if another deal has taken its number
        // meanwhile, the server removes nothing.
        const was = state.entered[number - 1];
        ask(t("remove_ask", { number: number, shown: shown }), t("remove"),
            () => post("undo", { number: number, was: was }));
      });
      $("fix-number").addEventListener("change", pickFix);
      $("fix-ask").addEventListener("click", () => startFix(Number($("fix-number").value)));
      $("form-cancel").addEventListener("click", () => { say("", false); endFix(); });
      $("sheet").tBodies[0].addEventListener("click", (event) => {
        const row = event.target.closest("tr.tap");
        if (row) startFix(Number(row.dataset.deal));
      });
      $("fix-check").addEventListener("click", () => {
        const number = Number($("fix-number").value);
        const was = fixWas;
        let deal;
        try {
          deal = JSON.parse($("fix-deal").value);
        } catch (e) {
          say(t("bad_json", { reason: e.message }), true);
          return;
        }
        ask(t("replace_ask", { number: number, was: JSON.stringify(was),
                                deal: JSON.stringify(deal) }), t("replace"), () =>
          enqueue("fix", "deals/" + number + "/correct", { was: was, deal: deal }, number,
                  (sent) => { if (sent.ok || sent.status === 409) pickFix(); }));
      });
      $("confirm-no").addEventListener("click", () => {
        $("confirm").hidden = true;
        $("undo").hidden = false;
        confirmed = null;
      });
      $("confirm-yes").addEventListener("click", async () => {
        $("confirm").hidden = true;
        $("undo").hidden = false;
        const action = confirmed;
        confirmed = null;
        if (action) await action();
      });
      $("form").addEventListener("submit", (event) => {
        event.preventDefault();
        if (!formQuestion) return;
        const bad = formQuestion.counts.length ? unreadable() : [];
        if (bad.length) {
          $("q-error").textContent = t("not_whole", { fields: bad.join(", ") });
          $("q-error").hidden = false;
          return;
        }
        askServer({ text: typedAnswer() });
      });
      $("q-back").addEventListener("click", () => askServer({ back: true }));
      $("q-text").addEventListener("input", () => {
        $("q-text").setAttribute("aria-invalid", "false");
      });
      $("q-help-button").addEventListener("click", () => {
        $("q-help").hidden = !$("q-help").hidden;
      });
      $("form-save").addEventListener("click", async () => {
        if (!formDeal) return;
        const number = formNumber;
        if (fix) {
          // Through the correction the JSON form uses: the deal as it was goes along, so
          // a deal changed meanwhile is refused (409), never overwritten.
          const fixing = fix;
          await enqueue("fix", "deals/" + number + "/correct",
                        { was: fixing.was, deal: formDeal }, number, (sent) => {
            if (fixing === fix && (sent.ok || sent.status === 409)) endFix();
          });
          return;
        }
        saving = number;
        // Saved: the next deal's questions come with the new sheet. Refused for another
        // reason than a conflict: the answers are asked again as the server says.
        await enqueue("add", "deals/" + number, formDeal, number, (sent) => {
          if (!sent.ok && sent.status !== 409 && number === formNumber) {
            formDeal = null;
            askServer({});
          }
        });
      });
      $("save").addEventListener("click", async () => {
        const number = entryNumber;
        const text = $("deal").value;
        await enqueue("add", "deals/" + number, text, number, (sent) => {
          if (sent.ok) {
            if ($("deal").value === text) $("deal").value = "";
            entryNumber = sent.body.deals + 1;
            $("entry-number").textContent = t("deal", { number: entryNumber });
          } else if (state && !state.error) {
            entryNumber = state.deals + 1;
            $("entry-number").textContent = t("deal", { number: entryNumber });
          }
        });
      });
      window.addEventListener("online", () => flush());
    }
    window.addEventListener("resize", fitHead);
    chooser();
    connect();
  });
})();
