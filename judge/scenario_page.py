"""A scenario's stepper as an HTML fragment, for the rules site's scenario pages.

``stepper_html`` gives one ``<div>`` holding everything it needs: its style, the
walk as data (``judge.stepper.walk_document``) in a ``<script type="application/json">``
and a small script that draws a step from it.  No external resources and no
server: the page works opened from a file.  Every element id and style rule is
prefixed with an id made from the scenario's id, so several steppers can sit on
one page.

The fragment shows the entry of a step, what happened with its clauses, what was
legal there and the clause refusing each other verb (a panel, folded), and both
boards laid out as on the table (the players' front rows facing each other, the
back rows behind, zones with their counts and cards by name), the places that
changed since the step before highlighted.  Next and back buttons and the ←/→
keys move through the steps; a URL fragment ``#step=N`` (every stepper of the
page) or ``#<id>-step=N`` (one) opens at step N.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from typing import Any, Final

from judge.scenarios import Scenario
from judge.stepper import walk_document

ROOT_CLASS: Final = "judge-stepper"


def stepper_id(scenario_id: str) -> str:
    """The element id of a scenario's stepper: ``stepper-`` and the id with every other character a hyphen."""
    return "stepper-" + re.sub(r"[^A-Za-z0-9_-]", "-", scenario_id)


def script_json(data: Any) -> str:
    """JSON safe inside a ``<script>`` element: no ``<``, ``>`` or ``&`` that could end it or open a comment."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def stepper_html(scenario: Scenario, link: Callable[[str], str | None] | None = None) -> str:
    """The self-contained HTML fragment of a scenario's stepper (see the module's description); ``link`` gives
    the address of a clause's place on the rules site, relative to the page the fragment goes in (None: no
    link), and makes every clause id of the walk a link."""
    document = walk_document(scenario)
    if link is not None:
        cited = {clause for step in document["steps"] for record in step["happened"] for clause in record["clauses"]}
        cited |= {clause for step in document["steps"] for found in step["violations"] for clause in found["clauses"]}
        cited |= {
            clause
            for step in document["steps"]
            if step["why"]
            for refusal in step["why"]["refused"].values()
            for clause in refusal["clauses"]
        }
        document["links"] = {clause: address for clause in sorted(cited) if (address := link(clause)) is not None}
    return fragment(document)


def fragment(document: dict[str, Any]) -> str:
    """The fragment for a walk already made into data (``walk_document``)."""
    uid = stepper_id(str(document["id"]))
    style = STYLE.replace("#ROOT", f"#{uid}")
    fallback = "\n\n".join(
        f"step {step['number']}"
        + (f": entry {step['entry']['index']}: {step['entry']['text']}" if step["entry"] else "")
        + "\n"
        + step["board_text"]
        for step in document["steps"]
    )
    return (
        f'<div class="{ROOT_CLASS}" id="{uid}" tabindex="0" data-steps="{len(document["steps"])}">\n'
        f"<style>{style}</style>\n"
        f'<script type="application/json" id="{uid}-data">{script_json(document)}</script>\n'
        f'<div class="js-head"><button type="button" class="js-back" id="{uid}-back">&larr; back</button>'
        f' <span class="js-count" id="{uid}-count">step 0/{len(document["steps"]) - 1}</span> '
        f'<button type="button" class="js-next" id="{uid}-next">next &rarr;</button>'
        f' <span class="js-title">{html.escape(str(document["title"]))}</span></div>\n'
        f'<div class="js-entry" id="{uid}-entry"></div>\n'
        f'<ul class="js-happened" id="{uid}-happened"></ul>\n'
        f'<div class="js-board" id="{uid}-board"></div>\n'
        f'<div class="js-since" id="{uid}-since"></div>\n'
        f'<div class="js-ending" id="{uid}-ending"></div>\n'
        f"<noscript><pre>{html.escape(fallback)}\n\n{html.escape(str(document['ending']))}</pre></noscript>\n"
        f"<script>{SCRIPT.replace('ROOT_ID', json.dumps(uid))}</script>\n"
        "</div>"
    )


STYLE: Final = """
#ROOT{font:14px/1.4 system-ui,sans-serif;border:1px solid #bbb;border-radius:6px;padding:.6em;max-width:72em}
#ROOT:focus{outline:2px solid #58a}
#ROOT button{font:inherit;padding:.1em .7em}
#ROOT .js-title{font-weight:bold;margin-left:.6em}
#ROOT .js-entry{margin:.5em 0 .2em;font-family:ui-monospace,monospace;font-weight:bold;color:#035}
#ROOT .js-note{font-weight:normal;color:#666;font-style:italic}
#ROOT .js-happened{margin:.2em 0 .6em;padding-left:1.2em}
#ROOT .js-clauses{color:#666;font-size:.9em;margin-left:.5em}
#ROOT .js-violation{color:#b00;font-weight:bold}
#ROOT .js-turn{margin:.3em 0;color:#333}
#ROOT .js-player{border:1px solid #ddd;border-radius:4px;padding:.4em;margin:.4em 0;background:#fafafa}
#ROOT .js-facts{font-weight:bold;margin-bottom:.3em}
#ROOT .js-row{display:flex;gap:.4em;align-items:stretch;margin:.25em 0}
#ROOT .js-rowlabel{width:9em;flex:none;color:#555;font-size:.85em;align-self:center}
#ROOT .js-slot{border:1px solid #bbb;border-radius:4px;min-width:9em;min-height:3.2em;padding:.2em .4em;background:#fff}
#ROOT .js-pos{color:#888;font-size:.8em}
#ROOT .js-card{display:block}
#ROOT .js-id{color:#888;font-size:.85em}
#ROOT .js-detail{color:#333;font-size:.85em;margin-left:.3em}
#ROOT .js-extra{display:block;color:#666;font-size:.8em}
#ROOT .js-zones{display:flex;flex-wrap:wrap;gap:.4em;margin-top:.4em;align-items:flex-start}
#ROOT .js-zone{border:1px dashed #bbb;border-radius:4px;padding:.2em .4em;min-width:7em;background:#fff}
#ROOT .js-zonename{font-weight:bold;font-size:.85em}
#ROOT .js-zone ul{margin:.1em 0;padding-left:1.4em;font-size:.85em}
#ROOT .js-zone .js-card{display:inline}
#ROOT .changed{background:#fff3b0;border-color:#d9a400;border-style:solid}
#ROOT .js-fact.changed{padding:0 .2em}
#ROOT .js-since{font-size:.85em;color:#555}
#ROOT .js-why{font-weight:normal;font-family:system-ui,sans-serif;color:#333;margin:.3em 0}
#ROOT .js-why ul{margin:.1em 0;padding-left:1.4em;font-size:.9em}
#ROOT .js-ending{white-space:pre-wrap;font-family:ui-monospace,monospace;margin-top:.6em}
"""
"""The stepper's style; ``#ROOT`` becomes the stepper's id, so its rules touch nothing else on the page."""

SCRIPT: Final = """(function () {
  "use strict";
  var uid = ROOT_ID;
  var root = document.getElementById(uid);
  var data = JSON.parse(document.getElementById(uid + "-data").textContent);
  var steps = data.steps;
  var last = steps.length - 1;
  var index = 0;
  var shown = null;
  var whyOpen = false;
  var RANK = {guardian: 0, front: 1, characters: 1, field: 1, back: 2, leader: 2};

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) { node.className = cls; }
    if (text !== undefined && text !== null) { node.textContent = String(text); }
    return node;
  }
  function cardName(card) {
    if (card.id === null || card.id === undefined) { return "?"; }
    return card.name && card.name !== card.id ? card.name : card.id;
  }
  function cardNode(card) {
    var node = el("span", card.role ? "js-extra" : "js-card");
    if (card.role) { node.appendChild(document.createTextNode(card.role + ": ")); }
    node.appendChild(document.createTextNode(cardName(card)));
    if (card.id && card.name && card.name !== card.id) { node.appendChild(el("span", "js-id", " (" + card.id + ")")); }
    if (card.detail) { node.appendChild(el("span", "js-detail", card.detail)); }
    else if (card.state) { node.appendChild(el("span", "js-detail", card.state)); }
    return node;
  }
  function runs(cards) {
    var found = [];
    cards.forEach(function (card) {
      var same = found.length && JSON.stringify(found[found.length - 1].card) === JSON.stringify(card);
      if (same) { found[found.length - 1].count += 1; } else { found.push({card: card, count: 1}); }
    });
    return found;
  }
  function mark(node, key, changed) {
    node.setAttribute("data-key", key);
    if (changed.indexOf(key) >= 0) { node.className += " changed"; }
    return node;
  }
  function rowNode(row, changed) {
    var node = el("div", "js-row js-row-" + row.row);
    node.setAttribute("data-row", row.row);
    node.appendChild(el("div", "js-rowlabel", row.row === row.label ? row.row : row.row + " \\u00b7 " + row.label));
    if (!row.slots.length) { node.appendChild(el("span", "js-pos", "none")); }
    row.slots.forEach(function (slot) {
      var box = mark(el("div", "js-slot"), slot.key, changed);
      box.appendChild(el("div", "js-pos", slot.position));
      slot.cards.filter(function (c) { return !c.role; }).forEach(function (c) { box.appendChild(cardNode(c)); });
      slot.cards.filter(function (c) { return c.role; }).forEach(function (c) { box.appendChild(cardNode(c)); });
      node.appendChild(box);
    });
    return node;
  }
  function zonesNode(player, changed) {
    var node = el("div", "js-zones");
    player.zones.forEach(function (zone) {
      var box = mark(el("div", "js-zone"), zone.key, changed);
      box.setAttribute("data-zone", zone.name);
      box.setAttribute("data-count", zone.count);
      var head = el("div", "js-zonename", zone.name + " " + zone.count);
      if (zone.top_first && zone.cards.length && zone.cards[0].id) { head.textContent += " (top: " + cardName(zone.cards[0]) + ")"; }
      var list = el("ul");
      runs(zone.cards).forEach(function (run) {
        var item = el("li");
        item.appendChild(cardNode(run.card));
        if (run.count > 1) { item.appendChild(el("span", "js-detail", "\u00d7" + run.count)); }
        list.appendChild(item);
      });
      if (zone.cards.length && (zone.top_first || zone.cards.length > 12)) {
        var more = el("details");
        var summary = el("summary");
        summary.appendChild(head);
        more.appendChild(summary);
        more.appendChild(list);
        box.appendChild(more);
      } else {
        box.appendChild(head);
        if (zone.cards.length) { box.appendChild(list); }
      }
      node.appendChild(box);
    });
    return node;
  }
  function playerNode(player, top, changed) {
    var node = el("div", "js-player");
    node.setAttribute("data-player", player.id);
    var facts = el("div", "js-facts", player.id + ": ");
    Object.keys(player.facts).forEach(function (label, i) {
      if (i) { facts.appendChild(document.createTextNode(", ")); }
      facts.appendChild(mark(el("span", "js-fact", label + " " + player.facts[label]), player.id + "/" + label, changed));
    });
    var rows = player.rows.slice().sort(function (a, b) {
      var ra = RANK[a.row] === undefined ? 3 : RANK[a.row], rb = RANK[b.row] === undefined ? 3 : RANK[b.row];
      return top ? rb - ra : ra - rb;
    });
    var zones = zonesNode(player, changed);
    if (top) { node.appendChild(facts); node.appendChild(zones); }
    rows.forEach(function (row) { node.appendChild(rowNode(row, changed)); });
    if (!top) { node.appendChild(zones); node.appendChild(facts); }
    return node;
  }
  function places(board) {
    var found = {turn: board.turn, phase: board.phase, turn_player: board.turn_player, outcome: board.outcome};
    (board.players || []).forEach(function (player) {
      Object.keys(player.facts).forEach(function (fact) { found[player.id + "/" + fact] = player.facts[fact]; });
      player.rows.forEach(function (row) { row.slots.forEach(function (slot) { found[slot.key] = slot.cards; }); });
      player.zones.forEach(function (zone) { found[zone.key] = zone.cards; });
    });
    return found;
  }
  function changedSince(before, after) {
    var old = places(before), now = places(after), keys = [];
    Object.keys(now).forEach(function (key) {
      if (!(key in old) || JSON.stringify(old[key]) !== JSON.stringify(now[key])) { keys.push(key); }
    });
    return keys;
  }
  function clausesNode(clauses) {
    var node = el("span", "js-clauses");
    clauses.forEach(function (clause, i) {
      if (i) { node.appendChild(document.createTextNode(" ")); }
      var address = (data.links || {})[clause];
      if (address) {
        var anchor = el("a", null, clause);
        anchor.href = address;
        node.appendChild(anchor);
      } else {
        node.appendChild(document.createTextNode(clause));
      }
    });
    return node;
  }
  function whyNode(why) {
    var box = el("details", "js-why");
    box.open = whyOpen;
    box.addEventListener("toggle", function () { whyOpen = box.open; });
    box.appendChild(el("summary", null, "why: what was legal here, and the clause refusing each other verb"));
    box.appendChild(el("div", "js-note", why.point));
    var verbs = Object.keys(why.legal);
    box.appendChild(el("div", null, verbs.length ? "legal for " + why.player + ":" : "nothing legal here"));
    var legal = el("ul");
    verbs.forEach(function (verb) { legal.appendChild(el("li", null, verb + ": " + why.legal[verb].join("; "))); });
    box.appendChild(legal);
    box.appendChild(el("div", null, "refused:"));
    var refused = el("ul");
    Object.keys(why.refused).forEach(function (verb) {
      var item = el("li", null, verb + ": " + why.refused[verb].reason);
      item.appendChild(clausesNode(why.refused[verb].clauses));
      refused.appendChild(item);
    });
    box.appendChild(refused);
    return box;
  }
  function show(number) {
    var shownBefore = shown === null ? null : index;
    index = Math.max(0, Math.min(last, number));
    shown = index;
    var step = steps[index];
    var changed = step.changed || [];
    var since = index - 1;
    if (shownBefore !== null && shownBefore !== index - 1 && shownBefore !== index) {
      changed = changedSince(steps[shownBefore].board, step.board);
      since = shownBefore;
    }
    var sinceNode = document.getElementById(uid + "-since");
    if (sinceNode) { sinceNode.textContent = changed.length ? "marked: changed since step " + since : ""; }
    document.getElementById(uid + "-count").textContent = "step " + index + "/" + last;
    document.getElementById(uid + "-back").disabled = index === 0;
    document.getElementById(uid + "-next").disabled = index === last;
    var entry = document.getElementById(uid + "-entry");
    entry.textContent = "";
    entry.setAttribute("data-step", String(index));
    if (step.entry) {
      entry.appendChild(document.createTextNode("entry " + step.entry.index + " (line " + step.entry.line + "): " + step.entry.said));
      var written = el("details", "js-written");
      written.appendChild(el("summary", null, "as written in the log"));
      written.appendChild(el("code", null, step.entry.text));
      entry.appendChild(written);
      if (step.entry.cards.length) {
        entry.appendChild(el("div", "js-note", step.entry.cards.map(function (c) { return c.id + " is " + c.name; }).join("; ")));
      }
      if (step.note) { entry.appendChild(el("div", "js-note", step.note)); }
      if (step.why) { entry.appendChild(whyNode(step.why)); }
    } else if (step.state === "by the rules") {
      entry.appendChild(document.createTextNode("before the first entry, by the rules"));
      entry.appendChild(el("div", "js-note", step.note));
    } else {
      entry.appendChild(document.createTextNode("the starting position"));
      entry.appendChild(el("div", "js-note", data.question));
    }
    var happened = document.getElementById(uid + "-happened");
    happened.textContent = "";
    step.happened.forEach(function (record) {
      var item = el("li", null, record.message);
      item.appendChild(clausesNode(record.clauses));
      if (step.entry && record.entry !== null && record.entry !== step.entry.index) {
        item.appendChild(el("span", "js-clauses", "(entry " + record.entry + ")"));
      }
      happened.appendChild(item);
    });
    step.violations.forEach(function (violation) {
      var item = el("li", "js-violation", "violation: ");
      item.appendChild(clausesNode(violation.clauses));
      item.appendChild(document.createTextNode(": " + violation.message));
      happened.appendChild(item);
    });
    var board = document.getElementById(uid + "-board");
    board.textContent = "";
    var turn = step.board.turn === undefined ? "" : "turn " + step.board.turn + ", " + step.board.phase + " phase; turn player " + step.board.turn_player;
    board.appendChild(mark(el("div", "js-turn", turn), "turn", changed));
    if (step.board.outcome) {
      board.appendChild(el("div", "js-violation", "game over: " + (step.board.outcome.winner || "no one") + " wins (" + step.board.outcome.reason + ")"));
    }
    step.board.players.forEach(function (player, i) { board.appendChild(playerNode(player, i === 0, changed)); });
    document.getElementById(uid + "-ending").textContent = index === last ? data.ending : "";
  }
  function opening() {
    var hash = window.location.hash.replace(/^#/, "");
    var found = null;
    hash.split(/[&;]/).forEach(function (part) {
      var pair = part.split("=");
      if (pair.length === 2 && (pair[0] === "step" || pair[0] === uid + "-step") && /^[0-9]+$/.test(pair[1])) {
        if (found === null || pair[0] !== "step") { found = parseInt(pair[1], 10); }
      }
    });
    return found === null ? 0 : found;
  }
  function activate() { window.judgeStepperActive = uid; }
  document.getElementById(uid + "-next").addEventListener("click", function () { activate(); show(index + 1); });
  document.getElementById(uid + "-back").addEventListener("click", function () { activate(); show(index - 1); });
  root.addEventListener("focus", activate);
  root.addEventListener("click", activate);
  document.addEventListener("keydown", function (event) {
    var active = window.judgeStepperActive || (document.querySelectorAll(".judge-stepper").length === 1 ? uid : null);
    if (active !== uid || event.altKey || event.ctrlKey || event.metaKey) { return; }
    var target = event.target && event.target.tagName;
    if (target === "INPUT" || target === "TEXTAREA" || target === "SELECT") { return; }
    if (event.key === "ArrowRight") { show(index + 1); event.preventDefault(); }
    else if (event.key === "ArrowLeft") { show(index - 1); event.preventDefault(); }
  });
  window.addEventListener("hashchange", function () { show(opening()); });
  show(opening());
})();"""
"""The stepper's script; ``ROOT_ID`` becomes the stepper's id (as a JavaScript string)."""
