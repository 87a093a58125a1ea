// A club night's standings page and director's page: the night's state, live.
"use strict";
(function () {
  const meta = (name) => document.querySelector('meta[name="' + name + '"]').content;
  const role = meta("scoresheet-role");
  const token = meta("scoresheet-token");
  const words = JSON.parse(meta("scoresheet-words"));
  const $ = (id) => document.getElementById(id);
  let state = null;

  function say(key, values) {
    let text = words[key] || key;
    for (const [name, value] of Object.entries(values || {})) {
      text = text.split("{" + name + "}").join(String(value));
    }
    return text;
  }

  function el(tag, cls, text) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }

  function tableItem(t) {
    const li = el("li", t.complete ? "done" : "");
    li.dataset.table = String(t.table);
    li.appendChild(el("span", "name", say("table", { table: t.table })));
    const status = t.complete ? say("finished") : t.deals ? say("playing") : say("waiting");
    const played = t.total ? say("played_of", { deals: t.deals, total: t.total })
      : say("played", { deals: t.deals });
    li.appendChild(el("span", "state", status + " · " + played));
    li.appendChild(el("span", "players", t.players.join(", ")));
    const bar = el("span", "bar");
    const fill = el("span");
    const share = t.complete ? 1 : t.total ? Math.min(1, t.deals / t.total) : 0;
    fill.style.width = Math.round(share * 100) + "%";
    bar.appendChild(fill);
    li.appendChild(bar);
    if (role === "director" && t.link) {
      const box = el("span", "qr");
      const img = el("img");
      img.src = "qr/" + state.round + "-" + t.table + ".svg";
      img.alt = say("link") + " — " + say("table", { table: t.table });
      const a = el("a", "", t.link);
      a.href = t.link;
      a.target = "_blank";
      a.rel = "noopener noreferrer";
      box.appendChild(img);
      box.appendChild(a);
      li.appendChild(box);
    }
    return li;
  }

  function ranking() {
    const head = $("ranking").tHead;
    const body = $("ranking").tBodies[0];
    head.textContent = "";
    body.textContent = "";
    const cols = state.teams
      ? [["place", "place"], ["pair", "name"], ["won", ""], ["difference", ""], ["total", ""], ["played_tables", ""]]
      : [["place", "place"], ["player", "name"], ["percent", ""], ["total", ""], ["played_tables", ""]];
    const row = el("tr");
    for (const [key, cls] of cols) row.appendChild(el("th", cls, say(key)));
    head.appendChild(row);
    let unfinished = false;
    for (const line of state.standings) {
      const tr = el("tr");
      const star = line.unfinished ? " *" : "";
      unfinished = unfinished || line.unfinished > 0;
      const cells = state.teams
        ? [line.place, line.players.join(" – ") + star, line.won, line.difference, line.total, line.tables]
        : [line.place, line.player + star, line.percent === null ? "–" : line.percent, line.total, line.tables];
      cells.forEach((value, i) => tr.appendChild(el("td", cols[i][1], String(value))));
      body.appendChild(tr);
    }
    $("unfinished").textContent = say("unfinished");
    $("unfinished").hidden = !unfinished;
  }

  function closing() {
    if (role !== "director") return;
    const done = state.tables.filter((t) => t.complete).length;
    const last = state.round >= state.rounds;
    $("close-box").hidden = false;
    $("close-note").textContent = last ? say("last", { number: state.round })
      : done === state.tables.length ? say("all_finished", { number: state.round })
      : say("some_unfinished", { finished: done, tables: state.tables.length });
    $("close").hidden = last;
    $("close").textContent = say("close", { number: state.round });
    $("yes").textContent = say("yes", { number: state.round });
    $("no").textContent = say("cancel");
    $("confirm-text").textContent = say("confirm", {
      number: state.round, next: state.round + 1, unfinished: state.tables.length - done,
    });
    if (last) $("confirm-box").hidden = true;
  }

  function show(data) {
    state = data;
    if (data.error) {
      $("error").textContent = data.error;
      $("error").hidden = false;
      return;
    }
    $("error").hidden = true;
    $("round").textContent = say("round", { number: data.round, rounds: data.rounds });
    const list = $("tables");
    list.textContent = "";
    for (const t of data.tables) list.appendChild(tableItem(t));
    ranking();
    closing();
    document.body.dataset.version = String(data.version);
  }

  async function closeRound() {
    const number = state.round;
    $("yes").disabled = true;
    try {
      const response = await fetch("next", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Scoresheet-Token": token },
        body: JSON.stringify({ round: number, confirm: true }),
      });
      const answer = await response.json();
      $("message").textContent = answer.message || answer.error || "";
      $("confirm-box").hidden = true;
    } catch (e) {
      $("message").textContent = String(e);
    } finally {
      $("yes").disabled = false;
    }
  }

  $("close").addEventListener("click", () => { $("confirm-box").hidden = false; $("yes").focus(); });
  $("no").addEventListener("click", () => { $("confirm-box").hidden = true; });
  $("yes").addEventListener("click", closeRound);

  const source = new EventSource("events");
  source.addEventListener("night", (event) => {
    $("live").textContent = say("live");
    show(JSON.parse(event.data));
  });
  source.addEventListener("error", () => { $("live").textContent = say("reconnecting"); });
})();
