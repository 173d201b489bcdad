/* The site search's scorer (conf.py: html_search_scorer): Sphinx's own weights, and one change.
 *
 * Sphinx splits "4.10.1.2" into the words 4, 10, 1 and 2 and ranks every clause whose id contains
 * them alike, so vg:10.1.21.4 came before ws:4.10.1.2.  Here a result that is the clause the query
 * names (as the jump box reads it: "4.10.1.2", "ws:4.10.1.2", "7-1-4-1-2", "vg:3.1.1#2") goes first.
 */
var Scorer = {
    score: function (result) {
        var title = result[1];
        var score = result[4];
        var kind = result[6];
        var query = new URLSearchParams(window.location.search).get("q") || "";
        if (kind === "object" && window.JudgeJump && window.JudgeJump.names(query, title)) {
            return score + 1000;
        }
        return score;
    },

    // Sphinx's defaults, unchanged.
    objNameMatch: 11,
    objPartialMatch: 6,
    objPrio: { 0: 15, 1: 5, 2: -5 },
    objPrioDefault: 0,
    title: 15,
    partialTitle: 7,
    term: 5,
    partialTerm: 2
};
