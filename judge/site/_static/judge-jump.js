/* Go to a rules clause by what people type for it: "4.10.1.2", "ws:4.10.1.2", "WS : 4.10.1.2.",
 * "7-1-4-1-2" (the ENERGIO!! form), "vg:3.1.1#2", or an anchor such as "vg-3-1-1-2nd".
 *
 * The table of clauses (_static/judge-clauses.js, written by the docs build) is a script, not JSON, so
 * that it loads from file:// as well as over HTTP; it is only fetched when the box is first used.
 * A bare number is looked up in the document of the page first, a hyphenated one in the documents
 * printed with hyphens first, then in the others in the table's order.
 *
 * The box goes at the top of the sidebar of every page.  On the search page, a query that is a
 * clause number lists that clause above the search results.
 */
(function () {
    "use strict";

    var TABLE = "_static/judge-clauses.js";
    var SHOWN = 8;
    var table = null;
    var loading = null;

    function root() {
        var element = document.documentElement;
        var value = element.getAttribute("data-content_root");
        return value === null ? "" : value;
    }

    function index(data) {
        var byId = {};
        data.clauses.forEach(function (row) {
            byId[row[0]] = { id: row[0], href: row[1], heading: row[2] };
        });
        var documents = data.documents.map(function (row) {
            return { key: row[0], title: row[1], hyphen: row[2] };
        });
        return { documents: documents, byId: byId };
    }

    /* The clause table, loaded once (a promise). */
    function load() {
        if (table) {
            return Promise.resolve(table);
        }
        if (!loading) {
            loading = new Promise(function (resolve, reject) {
                if (window.JUDGE_CLAUSE_TABLE) {
                    resolve(window.JUDGE_CLAUSE_TABLE);
                    return;
                }
                var script = document.createElement("script");
                script.src = root() + TABLE;
                script.onload = function () {
                    if (window.JUDGE_CLAUSE_TABLE) {
                        resolve(window.JUDGE_CLAUSE_TABLE);
                    } else {
                        reject(new Error("the clause table is empty"));
                    }
                };
                script.onerror = function () {
                    loading = null;
                    reject(new Error("this site has no clause table"));
                };
                document.head.appendChild(script);
            }).then(function (data) {
                table = index(data);
                return table;
            });
        }
        return loading;
    }

    /* What was typed, as {doc, number, occurrence, hyphen}; null when it is no clause number. */
    function parse(query, documents) {
        var text = String(query).trim().replace(/^#/, "").replace(/\s*:\s*/, ":").replace(/\s+/g, "");
        var doc = null;
        var keys = documents.map(function (d) { return d.key; });
        var anchor = text.match(/^([a-z][a-z0-9]*)-(\d+(?:-\d+)*?)(?:-(\d+)(?:st|nd|rd|th))?$/i);
        if (anchor && keys.indexOf(anchor[1].toLowerCase()) >= 0) {
            return {
                doc: anchor[1].toLowerCase(),
                number: anchor[2].replace(/-/g, "."),
                occurrence: anchor[3] ? "#" + anchor[3] : "",
                hyphen: false
            };
        }
        var prefixed = text.match(/^([A-Za-z][A-Za-z0-9-]*):(.*)$/);
        if (prefixed) {
            doc = prefixed[1].toLowerCase();
            text = prefixed[2];
        }
        var occurrence = "";
        var repeated = text.match(/^(.*?)#(\d+)$/);
        if (repeated) {
            text = repeated[1];
            occurrence = "#" + repeated[2];
        }
        text = text.replace(/\.$/, "");
        if (!/^\d+(?:[.-]\d+)*$/.test(text)) {
            return null;
        }
        return { doc: doc, number: text.replace(/-/g, "."), occurrence: occurrence, hyphen: text.indexOf("-") >= 0 };
    }

    /* The document of the page shown (rules/<doc>/...), if any. */
    function pageDocument() {
        var match = window.location.pathname.match(/\/rules\/([a-z]+)\//);
        return match ? match[1] : null;
    }

    function ordered(documents, here, hyphen) {
        function rank(d) {
            return (hyphen && !d.hyphen ? 2 : 0) + (d.key === here ? 0 : 1);
        }
        return documents
            .map(function (d, position) { return { d: d, position: position }; })
            .sort(function (a, b) { return rank(a.d) - rank(b.d) || a.position - b.position; })
            .map(function (entry) { return entry.d; });
    }

    /* The clauses a query names, best first, and the nearest existing clause when there is none. */
    function resolve(query, t, here) {
        var q = parse(query, t.documents);
        if (!q) {
            return { valid: false, hits: [], nearest: null };
        }
        var documents = q.doc
            ? t.documents.filter(function (d) { return d.key === q.doc; })
            : ordered(t.documents, here === undefined ? pageDocument() : here, q.hyphen);
        var hits = [];
        documents.forEach(function (d) {
            var base = d.key + ":" + q.number;
            if (q.occurrence) {
                if (t.byId[base + q.occurrence]) {
                    hits.push(t.byId[base + q.occurrence]);
                }
                return;
            }
            for (var n = 1; t.byId[n === 1 ? base : base + "#" + n]; n++) {
                hits.push(t.byId[n === 1 ? base : base + "#" + n]);
            }
        });
        var nearest = null;
        if (!hits.length) {
            documents.some(function (d) {
                var parts = q.number.split(".");
                while (parts.length > 1 && !nearest) {
                    parts.pop();
                    nearest = t.byId[d.key + ":" + parts.join(".")] || null;
                }
                return nearest !== null;
            });
        }
        return { valid: true, hits: hits, nearest: nearest, doc: q.doc, number: q.number + q.occurrence };
    }

    /* Whether *query* names the clause *clauseId*: a bare number names it in every document. */
    function names(query, clauseId) {
        var doc = String(clauseId).split(":")[0];
        var q = parse(query, [{ key: doc }]);
        if (!q || (q.doc && q.doc !== doc)) {
            return false;
        }
        var number = String(clauseId).slice(doc.length + 1);
        return q.occurrence ? number === q.number + q.occurrence : number.split("#")[0] === q.number;
    }

    function link(clause) {
        var a = document.createElement("a");
        a.href = root() + clause.href;
        a.textContent = clause.id;
        a.title = clause.heading;
        return a;
    }

    function item(clause, first) {
        var li = document.createElement("li");
        if (first) {
            li.className = "judge-jump-first";
        }
        li.appendChild(link(clause));
        li.appendChild(document.createTextNode(" \u2014 " + clause.heading));
        return li;
    }

    function show(result, box, query) {
        box.textContent = "";
        if (!query.trim()) {
            return;
        }
        if (!result.valid) {
            box.textContent = "Not a clause number; Enter searches the site.";
            return;
        }
        if (!result.hits.length) {
            box.appendChild(document.createTextNode("No clause " + (result.doc ? result.doc + ":" : "") + result.number));
            if (result.nearest) {
                box.appendChild(document.createTextNode("; nearest: "));
                box.appendChild(link(result.nearest));
            }
            return;
        }
        var list = document.createElement("ul");
        result.hits.slice(0, SHOWN).forEach(function (clause, position) {
            list.appendChild(item(clause, position === 0));
        });
        box.appendChild(list);
    }

    function go(clause) {
        window.location.href = root() + clause.href;
    }

    function form() {
        var element = document.createElement("form");
        element.className = "judge-jump";
        element.setAttribute("role", "search");
        element.innerHTML =
            '<label for="judge-jump-input">Go to clause</label>' +
            '<div class="judge-jump-row">' +
            '<input id="judge-jump-input" type="text" name="clause" autocomplete="off" spellcheck="false"' +
            ' placeholder="4.10.1.2, vg:3.1.1#2, 7-1-4-1-2" aria-describedby="judge-jump-result">' +
            '<button type="submit">Go</button></div>' +
            '<div id="judge-jump-result" class="judge-jump-result" aria-live="polite"></div>';
        var input = element.querySelector("input");
        var box = element.querySelector(".judge-jump-result");
        input.addEventListener("focus", function () { load().catch(function () {}); });
        input.addEventListener("input", function () {
            var query = input.value;
            load().then(function (t) {
                if (input.value === query) {
                    show(resolve(query, t), box, query);
                }
            }, function (error) { box.textContent = error.message; });
        });
        element.addEventListener("submit", function (event) {
            event.preventDefault();
            var query = input.value;
            if (!query.trim()) {
                return;
            }
            load().then(function (t) {
                var result = resolve(query, t);
                if (result.hits.length) {
                    go(result.hits[0]);
                } else if (!result.valid) {
                    window.location.href = root() + "search.html?q=" + encodeURIComponent(query);
                } else {
                    show(result, box, query);
                }
            }, function (error) { box.textContent = error.message; });
        });
        return element;
    }

    function install() {
        var sidebar = document.querySelector("div.sphinxsidebarwrapper");
        var element = form();
        if (sidebar) {
            var logo = sidebar.querySelector(".logo");
            var after = logo ? logo.nextElementSibling : null;
            while (after && after.matches("p.blurb, p.description")) {
                after = after.nextElementSibling;
            }
            sidebar.insertBefore(element, after || sidebar.firstChild);
        } else {
            var body = document.querySelector("div.body") || document.body;
            body.insertBefore(element, body.firstChild);
        }
        clauseHits();
    }

    /* On the search page: the clauses the query names, above the results. */
    function clauseHits() {
        var results = document.getElementById("search-results");
        var query = new URLSearchParams(window.location.search).get("q");
        if (!results || !query) {
            return;
        }
        load().then(function (t) {
            var result = resolve(query, t);
            if (!result.hits.length) {
                return;
            }
            var box = document.createElement("div");
            box.className = "judge-clause-hits";
            var heading = document.createElement("h2");
            heading.textContent = result.hits.length === 1 ? "Clause" : "Clauses";
            var list = document.createElement("ul");
            result.hits.forEach(function (clause, position) {
                list.appendChild(item(clause, position === 0));
            });
            box.appendChild(heading);
            box.appendChild(list);
            results.parentNode.insertBefore(box, results);
        }, function () {});
    }

    window.JudgeJump = { parse: parse, resolve: resolve, names: names, load: load, index: index };
    if (document.readyState === "loading") {
        document.addEventListener("DOMContentLoaded", install);
    } else {
        install();
    }
})();
