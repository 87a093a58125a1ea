// The live score sheet. The server sends the sheet as data (see scoresheet/serve/sheet.py);
// this script only lays it out. Everything is written with textContent, never as HTML,
// so whatever a player typed is shown as text. No rule of any game lives here.
"use strict";

(function () {
  const role = document.querySelector('meta[name="scoresheet-role"]').content;
  const token = document.querySelector('meta[name="scoresheet-token"]').content;
  const $ = (id) => document.getElementById(id);
  let state = null;
  let entryNumber = null;
  let confirmed = null;  // what "yes" does in the confirmation panel
  let fixWas = null;     // the deal being corrected, as it was when chosen
  let form = null;       // the form shown: kept while its answers are being given
  let formDirty = false;

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
    const head = el("tr");
    s.columns.forEach((c, i) => head.append(cell("th", c, i)));
    $("sheet").tHead.replaceChildren(head);
    const body = $("sheet").tBodies[0];
    body.replaceChildren(...s.rows.map((r) => {
      const tr = el("tr", null, r.kind);
      if (r.number) tr.dataset.deal = String(r.number);
      r.cells.forEach((c, i) => tr.append(cell("td", c, i)));
      if (r.cells.length === 1) tr.firstChild.colSpan = s.columns.length;
      return tr;
    }));
    $("empty").hidden = s.rows.length > 0;

    fill($("sections"), s.sections, (sec) => {
      const box = el("section");
      const ul = el("ul");
      sec.lines.forEach((line) => ul.append(el("li", line)));
      box.append(el("h2", sec.title), ul);
      return box;
    });

    if (role === "score") {
      $("controls").hidden = false;
      $("undo").disabled = s.deals === 0;
      if (!$("deal").value.trim() || entryNumber === null) entryNumber = s.deals + 1;
      $("entry-number").textContent = "deal " + entryNumber;
      $("entry").hidden = s.complete && !$("deal").value.trim();
      if (!formDirty) showForm(s.form || null);
      showFixChoices(s);
    }
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
  }

  function pickFix() {
    const n = Number($("fix-number").value);
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

  // The questions come from the server (scoresheet/serve/form.py); this only asks them.
  function showForm(f) {
    form = f;
    $("form").hidden = !f;
    if (!f) return;
    $("form-title").textContent = f.title;
    $("form-note").textContent = f.note || "";
    $("form-save").textContent = "Save deal " + f.number;
    $("questions").replaceChildren(...f.questions.map((q) => {
      const box = el("fieldset", null, "question " + q.kind);
      box.dataset.key = q.key;
      box.append(el("legend", q.prompt));
      if (q.kind === "counts") {
        f.players.forEach((p) => {
          const label = el("label", null, "count");
          const input = el("input");
          input.type = "number";
          input.min = "0";
          input.max = String(q.total);
          input.inputMode = "numeric";
          input.dataset.player = p;
          input.addEventListener("input", () => { formDirty = true; sum(box, q.total); });
          label.append(el("span", p), input);
          box.append(label);
        });
        box.append(el("p", "", "sum"));
        sum(box, q.total);
      } else {
        f.players.forEach((p) => {
          const label = el("label", null, "pick");
          const input = el("input");
          input.type = "radio";
          input.name = "q-" + q.key;
          input.value = p;
          input.addEventListener("change", () => { formDirty = true; });
          label.append(input, el("span", p));
          box.append(label);
        });
      }
      return box;
    }));
  }

  function sum(box, total) {
    let n = 0;
    box.querySelectorAll("input").forEach((i) => { n += Number(i.value || 0); });
    box.querySelector(".sum").textContent = n + " of " + total;
  }

  function answers() {
    const result = {};
    form.questions.forEach((q) => {
      const box = $("questions").querySelector('[data-key="' + q.key + '"]');
      if (q.kind === "counts") {
        const counts = {};
        box.querySelectorAll("input").forEach((i) => {
          counts[i.dataset.player] = Number(i.value || 0);
        });
        result[q.key] = counts;
      } else {
        const picked = box.querySelector("input:checked");
        result[q.key] = picked ? picked.value : null;
      }
    });
    return { contract: form.contract, result: result };
  }

  function say(text, bad) {
    const m = $("message");
    m.textContent = text;
    m.className = bad ? "message bad" : "message";
  }

  async function post(path, payload) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Scoresheet-Token": token },
        body: typeof payload === "string" ? payload : JSON.stringify(payload),
        credentials: "same-origin",
        cache: "no-store",
      });
    } catch (e) {
      say("the server cannot be reached; nothing was saved", true);
      return { ok: false, status: 0, body: {} };
    }
    let answer = {};
    try { answer = await response.json(); } catch (e) { answer = {}; }
    if (answer.state) render(answer.state);
    if (!response.ok) {
      say(answer.error || "refused (" + response.status + ")", true);
    } else {
      say(answer.message || "saved", false);
    }
    return { ok: response.ok, status: response.status, body: answer };
  }

  function connect() {
    const source = new EventSource("events");
    source.addEventListener("sheet", (e) => {
      render(JSON.parse(e.data));
      $("live").textContent = "live";
    });
    source.onerror = () => { $("live").textContent = "reconnecting…"; };
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (role === "score") {
      $("undo").addEventListener("click", () => {
        if (!state || !state.deals) return;
        const number = state.deals;
        const row = state.rows.find((r) => r.number === number);
        const shown = row ? row.cells.filter((c) => c).join("  ") : "";
        ask("Remove deal " + number + "? " + shown, "Remove it",
            () => post("undo", { number: number }));
      });
      $("fix-number").addEventListener("change", pickFix);
      $("fix-check").addEventListener("click", () => {
        const number = Number($("fix-number").value);
        const was = fixWas;
        let deal;
        try {
          deal = JSON.parse($("fix-deal").value);
        } catch (e) {
          say("the correction is not valid JSON: " + e.message, true);
          return;
        }
        ask("Replace deal " + number + "? Now: " + JSON.stringify(was) +
            " — corrected: " + JSON.stringify(deal), "Replace it", async () => {
          const sent = await post("deals/" + number + "/correct", { was: was, deal: deal });
          if (sent.ok || sent.status === 409) pickFix();
        });
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
      $("form").addEventListener("submit", async (event) => {
        event.preventDefault();
        if (!form) return;
        const sent = await post("deals/" + form.number, answers());
        // Saved, or someone saved this deal first: ask the next deal's questions.
        // Refused: keep the answers so that they can be corrected.
        if (sent.ok || sent.status === 409) {
          formDirty = false;
          showForm(state && !state.error ? state.form || null : null);
        }
      });
      $("save").addEventListener("click", async () => {
        const number = entryNumber;
        const sent = await post("deals/" + number, $("deal").value);
        if (sent.ok) {
          $("deal").value = "";
          entryNumber = sent.body.deals + 1;
          $("entry-number").textContent = "deal " + entryNumber;
        } else if (state && !state.error) {
          entryNumber = state.deals + 1;
          $("entry-number").textContent = "deal " + entryNumber;
        }
      });
    }
    connect();
  });
})();
